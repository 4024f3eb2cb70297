package io.github.ycsbembedded.leveldb;

/**
 * An error of LevelDB, thrown by {@link LevelDb}. The subclass says what happened, chosen in the
 * JNI library from LevelDB's status type and from what the kernel said (never from message text);
 * the message is LevelDB's own.
 */
public class LevelDbException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LevelDbException(String message) {
    super(message);
  }

  /** The directory's LOCK file is held by another process, or by another handle of this one. */
  public static final class Locked extends LevelDbException {
    private static final long serialVersionUID = 1L;
    private final long holderPid;

    public Locked(String message, long holderPid) {
      super(message);
      this.holderPid = holderPid;
    }

    /** The process holding the lock (the kernel's answer to {@code fcntl(F_GETLK)}). */
    public long holderPid() {
      return holderPid;
    }
  }

  /** Stored data failed a check: a block or log checksum, a malformed table or manifest. */
  public static final class Corruption extends LevelDbException {
    private static final long serialVersionUID = 1L;

    public Corruption(String message) {
      super(message);
    }
  }

  /** The file system failed a read or write. */
  public static class IoError extends LevelDbException {
    private static final long serialVersionUID = 1L;

    public IoError(String message) {
      super(message);
    }
  }

  /** A write failed because the file system is full (ENOSPC) or over quota (EDQUOT). */
  public static final class NoSpace extends IoError {
    private static final long serialVersionUID = 1L;

    public NoSpace(String message) {
      super(message);
    }
  }

  /** A file LevelDB needs does not exist (a missing key is not an exception but a null value). */
  public static final class NotFound extends LevelDbException {
    private static final long serialVersionUID = 1L;

    public NotFound(String message) {
      super(message);
    }
  }

  /** LevelDB refused an argument, e.g. a missing database without create-if-missing. */
  public static final class InvalidArgument extends LevelDbException {
    private static final long serialVersionUID = 1L;

    public InvalidArgument(String message) {
      super(message);
    }
  }

  /** LevelDB does not support what was asked, e.g. a compression it was built without. */
  public static final class NotSupported extends LevelDbException {
    private static final long serialVersionUID = 1L;

    public NotSupported(String message) {
      super(message);
    }
  }
}
