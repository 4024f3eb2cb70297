package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.EngineDirectory;
import io.github.ycsbembedded.core.SharedEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The data directory: refused when another process holds it, another binding wrote it, or a file
 * the engine needs is missing; never wiped unless it holds the engine's own files; marked as the
 * binding's; its removal during a run fails the last cleanup.
 */
public interface DirectoryConformance extends Conformance {
  @Test
  @Tag("process")
  default void directoryHeldByAnotherProcessGivesOneClearError() throws Exception {
    Assumptions.assumeTrue(locksDirectoryAgainstOtherProcesses(), "the engine is multi-process");
    AutoCloseable holder = holdInAnotherProcess(dataDir());
    try {
      assertThatThrownBy(this::open)
          .isInstanceOf(DBException.class)
          .hasMessageContaining(dataDir().toRealPath().toString())
          .hasMessageContaining("in use by another process")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
      assertThat(SharedEngines.isOpen(dataDir().toRealPath())).isFalse();
    } finally {
      holder.close();
    }
  }

  @Test
  @Tag("process")
  default void destroyRefusesADirectoryAnotherProcessHasOpenAndWipesNothing() throws Exception {
    DB db = open();
    db.insert(TABLE, "kept", record("field0", "still here"));
    close(db);

    AutoCloseable holder = holdInAnotherProcess(dataDir());
    try {
      Properties destroy = properties(dataDir());
      destroy.setProperty(name() + ".destroy", "true");
      assertThatThrownBy(() -> open(destroy))
          .isInstanceOf(DBException.class)
          .hasMessage(
              name()
                  + ": "
                  + dataDir().toRealPath()
                  + " is in use by another process"
                  + " (it holds a lock on the directory's lock file)");
    } finally {
      holder.close();
    }
    assertThat(read(open(), TABLE, "kept", null)).containsEntry("field0", "still here");
  }

  @Test
  default void destroyRefusesToWipeFilesNoEngineWrites() throws Exception {
    Path notes = Files.writeString(dataDir().resolve("notes.txt"), "mine");
    Properties destroy = properties(dataDir());
    destroy.setProperty(name() + ".destroy", "true");
    assertThatThrownBy(() -> open(destroy))
        .isInstanceOf(DBException.class)
        .hasMessage(
            name()
                + ".destroy: "
                + dataDir().toRealPath()
                + " holds notes.txt, which no engine writes;"
                + " refusing to wipe it (use an empty directory or one an engine wrote)");
    assertThat(notes).hasContent("mine");
  }

  @Test
  default void aDirectoryHoldingAnotherBindingsDataIsRefused() throws Exception {
    String other = name().equals("rocksdb") ? "leveldb" : "rocksdb";
    Files.writeString(dataDir().resolve("ycsb-embedded.binding"), other + "\n");
    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessage(
            name()
                + ": "
                + dataDir().toRealPath()
                + " holds a "
                + other
                + " database;"
                + " use an empty directory or one "
                + name()
                + " wrote");
  }

  @Test
  default void anEmptyMarkerNamesNoBindingAndIsWrittenAgain() throws Exception {
    // what a power cut leaves when the marker's name was durable and its content not
    Files.writeString(dataDir().resolve("ycsb-embedded.binding"), "");
    close(open());
    assertThat(dataDir().resolve("ycsb-embedded.binding")).hasContent(name());
  }

  @Test
  default void theBindingMarksTheDirectoryItOpened() throws Exception {
    close(open());
    assertThat(dataDir().resolve("ycsb-embedded.binding")).hasContent(name());
  }

  @Test
  default void aDatabaseMissingAnEssentialFileIsRefusedNotStartedEmpty() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);
    String essential = EngineDirectory.essentialFiles(name()).get(0);
    Files.delete(dataDir().resolve(essential));

    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith(
            name()
                + ": "
                + dataDir().toRealPath()
                + " holds an incomplete "
                + name()
                + " database: "
                + essential
                + " is missing");
  }

  /**
   * A directory removed while the engine had it open: the engine may write on into unlinked files
   * and close without an error; the last cleanup fails in one line (naming the directory where the
   * close itself went well) instead of letting the run end well with its data gone.
   */
  @Test
  default void aDirectoryRemovedDuringTheRunFailsTheLastCleanupNamingIt() throws Exception {
    DB db = open();
    assertThat(db.insert(TABLE, "k", record("field0", "v"))).isEqualTo(Status.OK);
    deleteRecursively(dataDir());
    Exception failure = null;
    try {
      close(db);
    } catch (DBException e) {
      failure = e;
    }
    assertThat(failure).isNotNull();
    // an engine that closed without an error is told by the directory check; one whose close
    // failed (WiredTiger's checkpoint) by its own line
    assertThat(failure.getMessage()).startsWith(name() + ": ").doesNotContain("\n");
    assertThat(io.github.ycsbembedded.core.RunStatus.failures()).contains(failure.getMessage());
  }
}
