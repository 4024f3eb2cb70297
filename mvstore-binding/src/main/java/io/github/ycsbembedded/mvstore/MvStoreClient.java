package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.KeyValueClient;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.SortedBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.RootReference;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB binding for H2's MVStore ({@code com.h2database:h2}), a pure-Java engine: one {@link MVMap}
 * of byte keys (the key's UTF-8) and values (records encoded by {@link RecordCodec}) per YCSB
 * table. Every write is committed before it is acknowledged ({@link MvStoreEngine}); an update's
 * read-modify-write holds the key's striped lock, so concurrent updates of one key lose no field.
 *
 * <p>Properties: docs/bindings.md, section "MVStore", lists every {@code mvstore.*} property with
 * its default; {@link MvStoreDescriptor} declares them.
 */
public final class MvStoreClient extends KeyValueClient<MvStoreEngine> {
  /** The engine this client opened or shares, for {@link #classify}; null before that. */
  private MvStoreEngine opened;

  public MvStoreClient() {
    super(new MvStoreDescriptor(), MvStoreEngine.class, MvStoreEngine::open);
  }

  /**
   * MVStore's error codes ({@link MVStoreException#getErrorCode}, {@link DataUtils}). Java tells a
   * full disk from another failed write only in its message, so a failed write is {@code no space
   * left on the device} when the device holding the store has less than a chunk's room left.
   */
  @Override
  protected Condition classify(Throwable e) {
    if (e instanceof IllegalArgumentException) {
      return Condition.INVALID_ARGUMENT;
    }
    if (!(e instanceof MVStoreException m)) {
      return Condition.OTHER;
    }
    return switch (m.getErrorCode()) {
      case DataUtils.ERROR_FILE_CORRUPT,
          DataUtils.ERROR_CHUNK_NOT_FOUND,
          DataUtils.ERROR_BLOCK_NOT_FOUND ->
          Condition.CORRUPTION;
      case DataUtils.ERROR_FILE_LOCKED -> Condition.IN_USE;
      case DataUtils.ERROR_READING_FAILED -> Condition.IO_ERROR;
      case DataUtils.ERROR_WRITING_FAILED ->
          opened != null && opened.deviceFull() ? Condition.NO_SPACE : Condition.IO_ERROR;
      case DataUtils.ERROR_CLOSED -> Condition.ENGINE_STOPPED;
      default -> Condition.OTHER;
    };
  }

  @Override
  protected void initThread(MvStoreEngine engine, BindingProperties properties) {
    // every client shares the engine's maps; a thread keeps only where they are
    opened = engine;
  }

  @Override
  protected void cleanupThread() {
    opened = null;
  }

  @Override
  protected byte[] storedKey(String table, String key) {
    return bytes(key);
  }

  /** The map's own array (MVStore hands out the value it holds); nothing writes to it. */
  @Override
  protected byte[] get(String table, byte[] key) {
    return engine().get(engine().map(table), key);
  }

  /** A copy of the encoder's bytes, which the map keeps (the encoder's buffer is reused). */
  @Override
  protected void put(String table, byte[] key, byte[] value, int length) {
    engine().put(engine().map(table), key, Arrays.copyOf(value, length));
  }

  @Override
  protected void remove(String table, byte[] key) {
    engine().remove(engine().map(table), key);
  }

  /**
   * No native batch read in MVStore: each key is a lookup in one root of the table's map, taken
   * between atomic groups (one consistent snapshot), with its chunks kept while the batch reads;
   * the keys in key order, cut into up to {@code mvstore.batch_parallelism} runs on reader threads,
   * so that pages not in the cache are read from the file in parallel. Answers keep the order
   * asked.
   */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    MVMap<byte[], byte[]> map;
    try {
      map = engine().map(table);
    } catch (RuntimeException e) {
      results.clear();
      return messages().batchReadError(table, keys, e);
    }
    return engine()
        .withVersionKept(
            () -> {
              RootReference<byte[], byte[]> snapshot = engine().snapshot(map);
              return readRunsOfOneSnapshot(
                  engine().workers(),
                  table,
                  keys,
                  MvStoreClient::bytes,
                  fields,
                  results,
                  run -> {
                    List<byte[]> values = new ArrayList<>(run.size());
                    for (byte[] key : run) {
                      values.add(map.get(snapshot.root, key));
                    }
                    return values;
                  });
            });
  }

  /** Every write applied and committed as one, alone ({@link MvStoreEngine#writeGroup}). */
  @Override
  public Status writeAtomically(List<Write> writes) {
    return lockedGroupWrite(
        writes,
        () -> {
          List<MvStoreEngine.Change> changes = new ArrayList<>(writes.size());
          for (Write write : writes) {
            changes.add(
                new MvStoreEngine.Change(
                    engine().map(write.table()),
                    bytes(write.key()),
                    write.isDelete() ? null : RecordCodec.encode(write.values())));
          }
          engine().writeGroup(changes);
        });
  }

  /**
   * MVStore has no bulk path of its own: the sorted batch is put into the map and committed once,
   * as one group (one chunk written for the batch, not one per record). Batches may come in any key
   * order.
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch batch, List<Insert> records, List<String> failedKeys) {
    try {
      MVMap<byte[], byte[]> map = engine().map(table);
      if (!engine().startBulk(table, map)) {
        return messages().bulkRefused(table, records, failedKeys, messages().notEmpty(table));
      }
      List<MvStoreEngine.Change> changes = new ArrayList<>(batch.size());
      for (int j = 0; j < batch.size(); j++) {
        changes.add(new MvStoreEngine.Change(map, batch.key(j), batch.value(j)));
      }
      engine().writeGroup(changes);
      return Status.OK;
    } catch (RuntimeException e) {
      return messages().bulkFailed(table, records, failedKeys, e);
    }
  }

  /**
   * A cursor over one root of the table's map (taken between atomic groups, its chunks kept while
   * it walks), from {@code start}, up to {@code limit} records, stopping at the first key not below
   * {@code end} when one is given.
   */
  @Override
  protected Status walk(Walk walk) {
    try {
      MVMap<byte[], byte[]> map = engine().map(walk.table());
      return engine()
          .withVersionKept(
              () -> {
                RootReference<byte[], byte[]> snapshot = engine().snapshot(map);
                Cursor<byte[], byte[]> cursor =
                    map.cursor(snapshot, bytes(walk.start()), null, false);
                for (int n = 0; n < walk.limit() && cursor.hasNext(); n++) {
                  byte[] key = cursor.next();
                  if (walk.end() != null && Arrays.compareUnsigned(key, walk.end()) >= 0) {
                    break;
                  }
                  HashMap<String, ByteIterator> record = new HashMap<>();
                  decode(cursor.getValue(), walk.fields(), record);
                  walk.sink().accept(walk.end() == null ? null : key, record);
                }
                return Status.OK;
              });
    } catch (RuntimeException e) {
      Throwable cause = e instanceof WalkFailure ? e.getCause() : e;
      return error(walk.operation(), walk.table(), walk.start(), cause);
    }
  }

  /** A record of a walk decoded; a corrupt one ends the walk ({@link WalkFailure}). */
  private static void decode(
      byte[] value, Set<String> fields, HashMap<String, ByteIterator> record) {
    try {
      RecordCodec.decodeOwned(value, fields, record);
    } catch (CorruptRecordException e) {
      throw new WalkFailure(e);
    }
  }

  /** A corrupt record met inside a walk's snapshot, carried out of it. */
  private static final class WalkFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WalkFailure(CorruptRecordException cause) {
      super(cause);
    }
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
