package io.github.ycsbembedded.lmdb;

import io.github.ycsbembedded.core.BatchWorkers;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.EngineHandle;
import io.github.ycsbembedded.core.EngineStats;
import io.github.ycsbembedded.core.NativeLibrary;
import io.github.ycsbembedded.core.TablePrefix;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.EnvInfo;
import org.lmdbjava.Stat;
import org.lmdbjava.Txn;
import site.ycsb.DBException;

/**
 * One LMDB environment per data directory, shared by every {@link LmdbClient} of the process. The
 * records of every YCSB table are in LMDB's main database, each key behind its table's {@link
 * TablePrefix}: a commit to a named database would also rewrite the main database's page that
 * records it, one page write more per commit than the engine needs.
 *
 * <p>Growing the map ({@code mdb_env_set_mapsize}) is only allowed with no transaction active in
 * the process. Every operation therefore enters the {@link TxnGate} while its transaction is live,
 * and growth runs exclusively through it; no lock is shared between threads on the hot path.
 * Clients keep their read transactions reset (inactive) between operations, so they never block
 * growth.
 */
final class LmdbEngine implements EngineHandle {
  /** LMDB's key limit (its default build's {@code MDB_MAXKEYSIZE}), the table's prefix included. */
  static final int MAX_KEY_BYTES = 511;

  /** What {@link #loadLibrary} names the library lmdbjava bundles. */
  private static final String BUNDLED = "the library lmdbjava bundles";

  /** Where this process loaded LMDB from, or null before the first open. */
  private static String loadedFrom;

  /** Whether {@link #loadedFrom} is a library {@code lmdb.library} named. */
  private static boolean loadedByProperty;

  private final Env<DirectBuffer> env;
  private final TxnGate gate = new TxnGate();
  private final BatchWorkers workers;

  /** Each thread's reader on this engine: one per engine (a directory), so not a static field. */
  @SuppressWarnings("ThreadLocalUsage")
  private final ThreadLocal<Reader> readers = new ThreadLocal<>();

  private final java.util.Queue<Reader> allReaders =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final Dbi<DirectBuffer> records;
  private final ConcurrentHashMap<String, byte[]> prefixes = new ConcurrentHashMap<>();
  private final Set<String> bulkTables = ConcurrentHashMap.newKeySet();
  private volatile long mapSize;

  private LmdbEngine(Env<DirectBuffer> env, Dbi<DirectBuffer> records, int batchParallelism) {
    this.env = env;
    this.records = records;
    this.mapSize = env.info().mapSize;
    this.workers = new BatchWorkers("lmdb", batchParallelism);
  }

  /** A thread's read transaction and key buffer for its share of batch reads. */
  private static final class Reader {
    final TxnGate.Slot slot;
    final ByteBuffer keyMemory = ByteBuffer.allocateDirect(MAX_KEY_BYTES);
    final UnsafeBuffer key = new UnsafeBuffer(keyMemory);
    Txn<DirectBuffer> txn;

    Reader(TxnGate.Slot slot) {
      this.slot = slot;
    }
  }

  /**
   * What a run of a batch does with each key's value (null when absent), on its reader's thread.
   */
  @FunctionalInterface
  interface ReadAction {
    void found(int index, DirectBuffer value) throws Exception;
  }

  /**
   * Reads keys {@code order[from..to)} of a batch in the calling thread's own read transaction, if
   * that transaction sees snapshot {@code snapshotId}; returns false (having read nothing) when a
   * write committed since, so that the batch is not a mix of two snapshots.
   */
  boolean readRun(long snapshotId, byte[][] keys, int[] order, int from, int to, ReadAction action)
      throws Exception {
    Reader reader = readers.get();
    if (reader == null) {
      reader = new Reader(gate.slot());
      readers.set(reader);
      allReaders.add(reader);
    }
    gate.enter(reader.slot);
    long began = gate.readBegins(reader.slot);
    try {
      if (reader.txn == null) {
        reader.txn = env.txnRead();
      } else {
        reader.txn.renew();
      }
      try {
        if (reader.txn.getId() != snapshotId) {
          return false;
        }
        for (int j = from; j < to; j++) {
          int i = order[j];
          reader.key.wrap(reader.keyMemory, 0, keys[i].length);
          reader.key.putBytes(0, keys[i]);
          action.found(i, records.get(reader.txn, reader.key));
        }
        return true;
      } finally {
        reader.txn.reset();
      }
    } finally {
      gate.readEnds(reader.slot, began);
      gate.exit(reader.slot);
    }
  }

  /** The reader threads of batch reads. */
  BatchWorkers workers() {
    return workers;
  }

  static LmdbEngine open(Path dir, BindingProperties properties) throws Exception {
    long mapSize = properties.size("lmdb.mapsize", 1L << 30, 64 * 1024);
    boolean sync = properties.bool("lmdb.sync", false);
    boolean noMetaSync = properties.bool("lmdb.nometasync", false);
    boolean writeMap = properties.bool("lmdb.writemap", false);
    boolean noReadAhead = properties.bool("lmdb.nordahead", false);
    int threads = properties.integer("threadcount", 1, 1, Integer.MAX_VALUE);
    int batchParallelism = BatchWorkers.parallelism(properties, "lmdb");
    // a read transaction per client thread, another for its share of a batch, one per reader thread
    int maxReaders =
        properties.integer(
            "lmdb.maxreaders", Math.max(126, 2 * threads + batchParallelism + 8), 1, 1 << 20);
    loadLibrary(library(properties));
    Path data = dir.resolve("data.mdb");
    long sizeBefore = Files.exists(data) ? Files.size(data) : -1;

    // MDB_NOTLS ties a reader slot to a transaction object rather than to a thread, so slots come
    // back when a client closes its read transaction.
    List<EnvFlags> flags = new ArrayList<>(List.of(EnvFlags.MDB_NOTLS));
    if (!sync) {
      flags.add(EnvFlags.MDB_NOSYNC);
    }
    if (noMetaSync) {
      flags.add(EnvFlags.MDB_NOMETASYNC);
    }
    if (writeMap) {
      flags.add(EnvFlags.MDB_WRITEMAP);
    }
    if (noReadAhead) {
      flags.add(EnvFlags.MDB_NORDAHEAD);
    }
    Env<DirectBuffer> env =
        Env.create(DirectBufferProxy.PROXY_DB)
            .setMapSize(mapSize)
            .setMaxDbs(1) // only to recognise the layout of earlier versions (mainDatabase)
            .setMaxReaders(maxReaders)
            .open(dir.toFile(), flags.toArray(new EnvFlags[0]));
    try {
      refuseTruncated(env, data, sizeBefore, writeMap);
      return new LmdbEngine(env, mainDatabase(env, dir), batchParallelism);
    } catch (DBException | RuntimeException e) {
      env.close();
      throw e;
    }
  }

  /**
   * LMDB maps the file and would die with SIGBUS on the first page past its end: a data.mdb shorter
   * than its last used page (truncated) is refused before any page but the meta pages is read.
   *
   * <p>The size was read before the environment opened and the last page after, so another process
   * committing to the same environment in between (two loads opening one new directory at once)
   * made a whole file look cut short. A file that seems short is measured again: without {@code
   * MDB_WRITEMAP} opening never grows it, so a file now long enough was grown by a commit, not cut.
   * With {@code MDB_WRITEMAP} LMDB's own open sizes the file to the map, so only the size before
   * can tell a truncation, and a short one is refused as before.
   */
  private static void refuseTruncated(
      Env<DirectBuffer> env, Path data, long sizeBefore, boolean writeMap)
      throws EngineFailure, java.io.IOException {
    long pageSize = env.stat().pageSize;
    long needed = (env.info().lastPageNumber + 1) * pageSize;
    if (sizeBefore < 0 || sizeBefore >= needed) {
      return;
    }
    long sizeNow = Files.size(data);
    if (!writeMap && sizeNow >= needed) {
      return; // another process's commit grew it while this one opened
    }
    throw new EngineFailure(
        EngineFailure.Condition.CORRUPTION,
        "lmdb: "
            + data
            + " holds "
            + sizeNow
            + " bytes but its last page ends at byte "
            + needed
            + ": the file was cut short; refusing to open it");
  }

  /**
   * The main database (its handle outlives the read transaction that opens it). Earlier versions of
   * this binding kept each YCSB table in a named database, whose record in the main database is the
   * table's name; this layout would not see those records and would write its own beside them. A
   * main database whose first record is a named database is refused (LMDB tells the two apart:
   * opening a plain record as a database fails with {@code MDB_INCOMPATIBLE}).
   */
  private static Dbi<DirectBuffer> mainDatabase(Env<DirectBuffer> env, Path dir)
      throws DBException {
    try (Txn<DirectBuffer> txn = env.txnRead()) {
      Dbi<DirectBuffer> main = env.openDbi(txn, null, null, false);
      byte[] first;
      try (Cursor<DirectBuffer> cursor = main.openCursor(txn)) {
        if (!cursor.first()) {
          return main;
        }
        first = new byte[cursor.key().capacity()];
        cursor.key().getBytes(0, first);
      }
      try {
        env.openDbi(txn, first, null, false);
      } catch (Dbi.IncompatibleException plainRecord) {
        return main;
      }
      throw new DBException(
          "lmdb: "
              + dir
              + " holds its records in named databases (table "
              + new String(first, StandardCharsets.UTF_8)
              + "), as earlier versions of this binding wrote them;"
              + " this one keeps every table in the main database: load the data again into an empty lmdb.dir");
    }
  }

  /**
   * {@code lmdb.library}: the LMDB shared library to load in place of the one lmdbjava bundles (the
   * system's, say), or null for the bundled one.
   */
  private static Path library(BindingProperties properties) throws DBException {
    if (properties.isEmpty("lmdb.library")) {
      throw new DBException(
          "lmdb.library: empty value; give the path of an LMDB shared library (Debian's liblmdb0:"
              + " /usr/lib/x86_64-linux-gnu/liblmdb.so.0), system for the one the system's loader"
              + " finds, or leave it out for the library lmdbjava bundles");
    }
    String value = properties.raw("lmdb.library");
    if (value == null) {
      return null;
    }
    if (value.trim().equals(SYSTEM)) {
      return systemLibrary();
    }
    Path file = Path.of(value);
    if (!Files.isRegularFile(file)) {
      throw new DBException(
          "lmdb.library: "
              + value
              + " is no file; install the library (Debian: apt-get install liblmdb0), or leave the"
              + " property out for the library lmdbjava bundles");
    }
    return file;
  }

  /** {@code lmdb.library}'s value for the LMDB the system's dynamic loader finds. */
  static final String SYSTEM = "system";

  /** A line of {@code ldconfig -p}: {@code liblmdb.so.0 (libc6,x86-64) => /usr/lib/...}. */
  private static final java.util.regex.Pattern LDCONFIG_LINE =
      java.util.regex.Pattern.compile("(liblmdb\\.so(\\.\\d+)*) \\(([^)]*)\\) => (\\S+)");

  /**
   * The LMDB library the system's dynamic loader finds ({@code lmdb.library=system}), as {@code
   * ldconfig -p} lists it: a portable name for the system's LMDB, which an experiment file can give
   * where a path would be one machine's.
   */
  private static Path systemLibrary() throws DBException {
    String listed = "";
    for (String ldconfig : List.of("/sbin/ldconfig", "/usr/sbin/ldconfig")) {
      if (Files.isExecutable(Path.of(ldconfig))) {
        try {
          Process p =
              new ProcessBuilder(ldconfig, "-p")
                  .redirectErrorStream(true)
                  .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                  .start();
          listed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          p.waitFor();
        } catch (IOException e) {
          listed = "";
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new DBException("lmdb.library=system: interrupted while asking ldconfig", e);
        }
        break;
      }
    }
    Path found = fromLdconfig(listed, System.getProperty("os.arch"));
    if (found == null) {
      throw new DBException(
          "lmdb.library=system: the system's dynamic loader knows no LMDB library (ldconfig -p"
              + " lists no liblmdb.so); install one (Debian: apt-get install liblmdb0), or leave"
              + " the property out for the library lmdbjava bundles");
    }
    return found;
  }

  /**
   * The LMDB library of {@code ldconfig -p}'s listing for the JVM's architecture ({@code arch}, as
   * {@code os.arch} names it): a versioned {@code liblmdb.so.N} before the unversioned {@code
   * liblmdb.so}; null when none is listed.
   */
  static Path fromLdconfig(String listing, String arch) {
    String wanted =
        switch (arch) {
          case "amd64", "x86_64" -> "x86-64";
          case "aarch64" -> "AArch64";
          default -> arch;
        };
    Path unversioned = null;
    for (String line : listing.lines().map(String::strip).toList()) {
      java.util.regex.Matcher m = LDCONFIG_LINE.matcher(line);
      if (!m.matches() || !m.group(3).contains(wanted)) {
        continue;
      }
      if (m.group(2) != null) {
        return Path.of(m.group(4));
      }
      unversioned = Path.of(m.group(4));
    }
    return unversioned;
  }

  /**
   * Loads LMDB once per process: {@code library} where {@code lmdb.library} names one, else the
   * library lmdbjava bundles, from our own temporary copy, deleted once loaded (lmdbjava's own copy
   * is deleted only at a normal JVM exit, so every kill -9 would leave one in the temporary
   * folder). A user's {@code lmdbjava.native.lib} is left alone. A process holds one LMDB: a second
   * library asked for after the first is refused.
   */
  private static synchronized void loadLibrary(Path library)
      throws IOException, ClassNotFoundException, DBException {
    String wanted = library == null ? BUNDLED : library.toString();
    if (loadedFrom != null) {
      // a library named by lmdb.library, asked for again or (named or not) unlike the one loaded
      boolean differs = library != null || loadedByProperty;
      if (differs && !loadedFrom.equals(wanted)) {
        throw new DBException(
            "lmdb.library: this process already loaded LMDB from "
                + loadedFrom
                + "; one LMDB library per process (asked for "
                + wanted
                + ")");
      }
      return;
    }
    String users = System.getProperty("lmdbjava.native.lib");
    if (users != null) {
      if (library != null && !users.equals(wanted)) {
        throw new DBException(
            "lmdb.library: "
                + wanted
                + " differs from -Dlmdbjava.native.lib="
                + users
                + "; set one of them");
      }
      loadedFrom = users;
      return;
    }
    if (library != null) {
      System.setProperty("lmdbjava.native.lib", wanted);
      Class.forName("org.lmdbjava.Library", true, Env.class.getClassLoader());
      loadedFrom = wanted;
      loadedByProperty = true;
      return;
    }
    if (NativeLibrary.platform() == null) {
      loadedFrom = BUNDLED;
      return;
    }
    Path copy =
        NativeLibrary.copyOut(Env.class, "/org/lmdbjava/native/x86_64-linux-gnu.so", "lmdb.so");
    try {
      System.setProperty("lmdbjava.native.lib", copy.toString());
      // lmdbjava's Library class loads the library when it is initialized
      Class.forName("org.lmdbjava.Library", true, Env.class.getClassLoader());
      loadedFrom = BUNDLED;
    } finally {
      Files.deleteIfExists(copy);
    }
  }

  Env<DirectBuffer> env() {
    return env;
  }

  /** Entered while any transaction of an operation is live. */
  TxnGate gate() {
    return gate;
  }

  /** A write transaction body; may be run again after the map has grown. */
  @FunctionalInterface
  interface WriteBody<R> {
    R run(Txn<DirectBuffer> txn);
  }

  /**
   * Runs {@code body} in a write transaction and commits it. When the map is full the transaction
   * is aborted, the map doubled and the body run again, so the caller's operation succeeds. Before
   * it begins, the transaction waits for any read of another thread that stalled holding its
   * snapshot ({@link TxnGate#awaitStalledReaders}).
   */
  <R> R write(WriteBody<R> body) {
    return write(body, result -> false);
  }

  /**
   * {@link #write(WriteBody)}, but the transaction is aborted instead of committed when {@code
   * abort} holds for the body's result (a write refused after it looked at the data).
   */
  <R> R write(WriteBody<R> body, java.util.function.Predicate<R> abort) {
    TxnGate.Slot slot = gate.slot();
    while (true) {
      long sizeBefore = mapSize;
      gate.awaitStalledReaders(slot);
      gate.enter(slot);
      try (Txn<DirectBuffer> txn = env.txnWrite()) {
        R result = body.run(txn);
        if (abort.test(result)) {
          txn.abort();
        } else {
          txn.commit();
        }
        return result;
      } catch (Env.MapFullException e) {
        // fall through: grow outside the transaction, then retry
      } finally {
        gate.exit(slot);
      }
      grow(sizeBefore);
    }
  }

  /** Doubles the map unless another thread already grew it past {@code sizeThatWasFull}. */
  private void grow(long sizeThatWasFull) {
    gate.exclusive(
        () -> {
          if (mapSize == sizeThatWasFull) {
            long newSize = Math.multiplyExact(sizeThatWasFull, 2);
            env.setMapSize(newSize);
            mapSize = env.info().mapSize;
          }
        });
  }

  /** LMDB's main database, which holds every table's records. */
  Dbi<DirectBuffer> records() {
    return records;
  }

  /** The prefix of a YCSB table's keys ({@link TablePrefix}). */
  byte[] prefix(String table) {
    return prefixes.computeIfAbsent(table, TablePrefix::of);
  }

  long mapSize() {
    return mapSize;
  }

  /**
   * Marks {@code table} as being bulk loaded by this process; true the first time, when the caller
   * must check, in the same write transaction, that the table is empty.
   */
  boolean startBulk(String table) {
    return bulkTables.add(table);
  }

  /** Forgets a bulk load that was refused at its start (the table was not empty). */
  void abandonBulk(String table) {
    bulkTables.remove(table);
  }

  /**
   * Writes the map's dirty pages to disk and waits for them ({@code lmdb.flush_on_close}); without
   * {@code lmdb.sync} LMDB leaves that to the operating system. A process that dies loses nothing
   * either way: every commit is in the file's pages before it returns.
   */
  @Override
  public void flush() {
    env.sync(true);
  }

  /**
   * LMDB's figures now: the B-tree's depth, pages and entries ({@code mdb_stat}), the map's size,
   * last page and transaction and the readers in use ({@code mdb_env_info}), and the pages below
   * the last one that the tree does not hold (the free list's). LMDB keeps no cache of its own (the
   * operating system's page cache holds the map), so no memory figure.
   */
  @Override
  public EngineStats.Figures statistics() {
    Stat stat;
    try (Txn<DirectBuffer> txn = env.txnRead()) {
      stat = records.stat(txn);
    }
    EnvInfo info = env.info();
    java.util.Map<String, Object> own = new java.util.LinkedHashMap<>();
    own.put("me_last_pgno", info.lastPageNumber);
    own.put("me_last_txnid", info.lastTransactionId);
    own.put("me_mapsize", info.mapSize);
    own.put("me_numreaders", info.numReaders);
    long pages = stat.branchPages + stat.leafPages + stat.overflowPages;
    // the file's pages up to the last one used, less the two meta pages and the tree's: the free
    // list's pages and the pages it holds for reuse
    own.put("free_pages", Math.max(0, info.lastPageNumber + 1 - 2 - pages));
    return EngineStats.Figures.of(
            EngineStats.Tree.btree(
                stat.depth,
                stat.branchPages,
                stat.leafPages,
                stat.overflowPages,
                stat.entries,
                (long) stat.pageSize))
        .liveDataBytes(pages * stat.pageSize)
        .engine(own)
        .build();
  }

  @Override
  public String version() {
    org.lmdbjava.Meta.Version version = org.lmdbjava.Meta.version();
    return "LMDB " + version.major + "." + version.minor + "." + version.patch;
  }

  /**
   * Closes without a sync: every commit is in the map file, where the next open finds it ({@code
   * lmdb.flush_on_close} syncs first, {@code lmdb.sync} at every commit). Idempotent.
   */
  @Override
  public void close() {
    workers.close();
    for (Reader reader : allReaders) {
      if (reader.txn != null) {
        reader.txn.close();
      }
    }
    env.close();
  }
}
