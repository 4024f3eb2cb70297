package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyLocksTest {
  @Test
  void stripeCountIsRoundedUpToAPowerOfTwo() {
    assertThat(new KeyLocks(1000).stripes()).isEqualTo(1024);
    assertThat(new KeyLocks(1024).stripes()).isEqualTo(1024);
    assertThat(new KeyLocks(1).stripes()).isEqualTo(2);
  }

  @Test
  void aKeyAlwaysGetsTheSameLock() {
    KeyLocks locks = new KeyLocks(64);
    assertThat(locks.lockFor("t", "user1")).isSameAs(locks.lockFor("t", "user1"));
  }

  @Test
  void keysSpreadOverTheStripes() {
    KeyLocks locks = new KeyLocks(16);
    java.util.Set<Object> used = new java.util.HashSet<>();
    for (int i = 0; i < 1000; i++) {
      used.add(locks.lockFor("usertable", "user" + i));
    }
    assertThat(used).hasSize(16);
  }

  @Test
  void lockAllTakesEachStripeOnceAndUnlockAllReleasesThem() {
    KeyLocks locks = new KeyLocks(4);
    java.util.List<io.github.ycsbembedded.core.MultiWriteDB.Write> writes =
        new java.util.ArrayList<>();
    for (int i = 0; i < 20; i++) {
      writes.add(MultiWriteDB.Write.delete("t", "k" + i));
    }
    java.util.List<java.util.concurrent.locks.ReentrantLock> held = locks.lockAll(writes);
    assertThat(held).hasSize(4).allMatch(l -> l.isHeldByCurrentThread() && l.getHoldCount() == 1);
    KeyLocks.unlockAll(held);
    assertThat(held).noneMatch(java.util.concurrent.locks.ReentrantLock::isLocked);
  }

  @Test
  void prefixEndBoundsEveryKeyWithThePrefix() {
    assertThat(RangeScanDB.prefixEnd("u:000001:")).isEqualTo("u:000001;");
    assertThat(RangeScanDB.prefixEnd("a")).isEqualTo("b");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> RangeScanDB.prefixEnd(""))
        .hasMessage("an empty prefix has no end; scan without one");
  }
}
