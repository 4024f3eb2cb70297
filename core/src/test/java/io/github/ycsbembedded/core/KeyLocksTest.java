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
}
