package io.github.ycsbembedded.benchmarks;

import io.github.ycsbembedded.core.TablePrefix;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.GetOp;
import org.lmdbjava.Txn;

/**
 * LMDB through lmdbjava, with the binding's flags (MDB_NOTLS, MDB_NOSYNC) and layout: the main
 * database, each key behind the table's prefix.
 */
final class RawLmdb implements RawEngine {
  private final Env<DirectBuffer> env;
  private static final byte[] PREFIX = TablePrefix.of(Keys.TABLE);
  private final Dbi<DirectBuffer> dbi;

  private RawLmdb(Env<DirectBuffer> env) {
    this.env = env;
    this.dbi = env.openDbi((byte[]) null, null, false);
  }

  static RawLmdb open(Path dir, java.util.Properties binding) {
    return new RawLmdb(
        Env.create(DirectBufferProxy.PROXY_DB)
            .setMapSize(4L << 30)
            .open(dir.toFile(), EnvFlags.MDB_NOTLS, EnvFlags.MDB_NOSYNC));
  }

  @Override
  public RawSession session() {
    return new Session();
  }

  @Override
  public void close() {
    env.close();
  }

  private final class Session implements RawSession {
    private final byte[] keyBytes = new byte[Keys.LENGTH];
    private final UnsafeBuffer key =
        new UnsafeBuffer(ByteBuffer.allocateDirect(PREFIX.length + Keys.LENGTH));
    private final Txn<DirectBuffer> readTxn = env.txnRead();
    private byte[] value = new byte[8192];

    Session() {
      readTxn.reset();
      key.putBytes(0, PREFIX);
    }

    private UnsafeBuffer key(int index) {
      Keys.write(index, keyBytes, 0);
      key.putBytes(PREFIX.length, keyBytes);
      return key;
    }

    private int copy(DirectBuffer found) {
      int length = found.capacity();
      if (value.length < length) {
        value = new byte[length * 2];
      }
      found.getBytes(0, value, 0, length);
      return length;
    }

    @Override
    public int read(int index) {
      readTxn.renew();
      try {
        DirectBuffer found = dbi.get(readTxn, key(index));
        return found == null ? -1 : copy(found);
      } finally {
        readTxn.reset();
      }
    }

    @Override
    public void update(int index) {
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        DirectBuffer found = dbi.get(txn, key(index));
        int length = copy(found);
        value[length - 1]++;
        MutableDirectBuffer reserved = (MutableDirectBuffer) dbi.reserve(txn, key, length);
        reserved.putBytes(0, value, 0, length);
        txn.commit();
      }
    }

    // the stored bytes of record 0, written by every insert (read on the first)
    private byte[] record;

    @Override
    public void insert(int index) {
      if (record == null) {
        int length = read(0);
        record = java.util.Arrays.copyOf(value, length);
      }
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        MutableDirectBuffer reserved =
            (MutableDirectBuffer) dbi.reserve(txn, key(index), record.length);
        reserved.putBytes(0, record);
        txn.commit();
      }
    }

    @Override
    public int scan(int index, int count) {
      readTxn.renew();
      try (Cursor<DirectBuffer> cursor = dbi.openCursor(readTxn)) {
        int n = 0;
        boolean more = cursor.get(key(index), GetOp.MDB_SET_RANGE);
        while (more && n < count) {
          copy(cursor.val());
          n++;
          more = cursor.next();
        }
        return n;
      } finally {
        readTxn.reset();
      }
    }

    @Override
    public int batchRead(int[] indexes) {
      readTxn.renew();
      try {
        int found = 0;
        for (int index : Keys.sorted(indexes)) {
          DirectBuffer value = dbi.get(readTxn, key(index));
          if (value != null) {
            copy(value);
            found++;
          }
        }
        return found;
      } finally {
        readTxn.reset();
      }
    }

    @Override
    public void close() {
      readTxn.close();
    }
  }
}
