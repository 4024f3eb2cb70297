package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;

class SharedEnginesTest {
  @TempDir Path dir;

  static final class FakeEngine implements AutoCloseable {
    final AtomicInteger closes = new AtomicInteger();

    @Override
    public void close() {
      closes.incrementAndGet();
    }
  }

  static final class OtherEngine implements AutoCloseable {
    @Override
    public void close() {}
  }

  @Test
  void firstAcquireOpensAndLastReleaseCloses() throws Exception {
    AtomicInteger opens = new AtomicInteger();
    SharedEngines.Opener<FakeEngine> opener =
        d -> {
          opens.incrementAndGet();
          return new FakeEngine();
        };

    SharedEngines.Lease<FakeEngine> a = SharedEngines.acquire(dir, FakeEngine.class, opener);
    SharedEngines.Lease<FakeEngine> b = SharedEngines.acquire(dir, FakeEngine.class, opener);
    assertThat(opens).hasValue(1);
    assertThat(b.engine()).isSameAs(a.engine());

    a.close();
    a.close(); // twice is harmless and does not release b's share
    assertThat(a.engine().closes).hasValue(0);
    assertThat(SharedEngines.isOpen(dir)).isTrue();

    b.close();
    assertThat(b.engine().closes).hasValue(1);
    assertThat(SharedEngines.isOpen(dir)).isFalse();

    try (SharedEngines.Lease<FakeEngine> c = SharedEngines.acquire(dir, FakeEngine.class, opener)) {
      assertThat(opens).hasValue(2);
      assertThat(c.engine()).isNotSameAs(a.engine());
    }
  }

  @Test
  void failedOpenLeavesNothingRegistered() {
    assertThatThrownBy(
            () ->
                SharedEngines.acquire(
                    dir,
                    FakeEngine.class,
                    d -> {
                      throw new IllegalStateException("lock held by another process");
                    }))
        .isInstanceOf(DBException.class)
        .hasMessage("cannot open " + dir + ": lock held by another process");
    assertThat(SharedEngines.isOpen(dir)).isFalse();
  }

  @Test
  void directoryOpenAsAnotherEngineIsRefused() throws Exception {
    SharedEngines.Lease<FakeEngine> lease =
        SharedEngines.acquire(dir, FakeEngine.class, d -> new FakeEngine());
    try {
      assertThatThrownBy(
              () -> SharedEngines.acquire(dir, OtherEngine.class, d -> new OtherEngine()))
          .isInstanceOf(DBException.class)
          .hasMessage(dir + " is already open in this process as FakeEngine, not OtherEngine");
    } finally {
      lease.close();
    }
  }

  @Test
  void closeErrorsOfTheLastReleaseAreReported() throws Exception {
    SharedEngines.Lease<AutoCloseable> lease =
        SharedEngines.acquire(
            dir,
            AutoCloseable.class,
            d ->
                () -> {
                  throw new IllegalStateException("flush failed");
                });
    assertThatThrownBy(lease::close)
        .isInstanceOf(DBException.class)
        .hasMessage("closing " + dir + " failed: flush failed");
    assertThat(SharedEngines.isOpen(dir)).isFalse();
  }
}
