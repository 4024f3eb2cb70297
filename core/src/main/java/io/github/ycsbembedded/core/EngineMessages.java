package io.github.ycsbembedded.core;

import io.github.ycsbembedded.core.EngineFailure.Condition;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import site.ycsb.Status;

/**
 * What a binding says when something goes wrong, in one place: an engine error reported once
 * through {@link ErrorLog} with its condition, an {@link EngineFailure} that ends a run, and the
 * lines of a bulk load or a key the engine refuses. The condition comes from the binding's own
 * classification of the engine's exceptions ({@link EngineClient#classify}), by type and codes.
 */
public final class EngineMessages {
  private final String name;
  private final Function<Throwable, Condition> classify;

  EngineMessages(String name, Function<Throwable, Condition> classify) {
    this.name = name;
    this.classify = classify;
  }

  /** The condition of an error: an {@link EngineFailure}'s own, else the binding's reading. */
  Condition conditionOf(Throwable e) {
    return e instanceof EngineFailure failure ? failure.condition() : classify.apply(e);
  }

  /**
   * An {@link EngineFailure} for an engine error: {@code <name>: <what> (<condition>): <message>}.
   */
  public EngineFailure failure(String what, Throwable engineError) {
    Condition condition = conditionOf(engineError);
    String shown = condition.description().isEmpty() ? "" : " (" + condition.description() + ")";
    return new EngineFailure(
        condition, name + ": " + what + shown + ": " + BindingProperties.describe(engineError));
  }

  /** Reports an engine error once, with its condition, and returns {@link Status#ERROR}. */
  public Status error(String operation, String table, String key, Throwable e) {
    Condition condition = conditionOf(e);
    String message = BindingProperties.describe(e);
    ErrorLog.report(
        name,
        operation,
        table,
        key,
        condition.description().isEmpty() ? message : condition.description() + ": " + message);
    return Status.ERROR;
  }

  /** {@link #error} for a failed batch read, named by its first key. */
  public Status batchReadError(String table, List<String> keys, Throwable e) {
    return error("batch read", table, keys.isEmpty() ? "" : keys.get(0), e);
  }

  /** {@link #error} for a failed atomic write, named by its first write's table and key. */
  public Status atomicWriteError(List<MultiWriteDB.Write> writes, Throwable e) {
    return writes.isEmpty()
        ? error("atomic write", "", "", e)
        : error("atomic write", writes.get(0).table(), writes.get(0).key(), e);
  }

  /** A key of {@code length} UTF-8 bytes that the engine cannot take, named when key is given. */
  String keyRefused(String key, int length, int maxKeyBytes) {
    return "key "
        + (key == null ? "" : "'" + key + "' ")
        + "of "
        + length
        + " bytes; "
        + name
        + " accepts 1 to "
        + maxKeyBytes;
  }

  /**
   * A bulk insert of {@code records} refused before anything was stored: {@code why}, reported once
   * under the batch's first key; every key failed; {@link Status#BAD_REQUEST}.
   */
  public Status bulkRefused(
      String table, List<BatchWriteDB.Insert> records, List<String> failedKeys, String why) {
    ErrorLog.report(name, "bulk insert", table, records.isEmpty() ? "" : records.get(0).key(), why);
    BatchWriteDB.allFailed(records, failedKeys);
    return Status.BAD_REQUEST;
  }

  /** A bulk write the engine failed: every key failed, the error reported under the first. */
  public Status bulkFailed(
      String table, List<BatchWriteDB.Insert> records, List<String> failedKeys, Throwable e) {
    BatchWriteDB.allFailed(records, failedKeys);
    return error("bulk insert", table, records.get(0).key(), e);
  }

  /** The line of a bulk insert into a table that held records when the bulk load began. */
  public String notEmpty(String table) {
    return "a bulk load fills an empty table, and "
        + table
        + " already holds records; load it into a new "
        + name
        + ".dir, or with "
        + name
        + ".destroy=true";
  }

  /** The line of a bulk insert whose batch does not lie above the keys stored before it. */
  public String outOfOrder(String table, byte[] first, byte[] last) {
    return "a bulk load into "
        + name
        + " takes batches in ascending key order, and this batch's first key "
        + new String(first, StandardCharsets.UTF_8)
        + " is not above "
        + new String(last, StandardCharsets.UTF_8)
        + ", stored before in "
        + table
        + "; load in key order (insertorder=ordered, zeropadding as wide as the largest key number, one thread)";
  }
}
