package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

class EntitlementsWorkloadTest {
  private static final int USERS = 2000;

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  private static EntitlementsWorkload workload(String model, String... more)
      throws WorkloadException {
    Properties p = new Properties();
    p.setProperty("recordcount", Integer.toString(USERS));
    p.setProperty("entitlements.model", model);
    for (int i = 0; i < more.length; i += 2) {
      p.setProperty(more[i], more[i + 1]);
    }
    EntitlementsWorkload workload = new EntitlementsWorkload();
    workload.init(p);
    return workload;
  }

  private static MemoryDb load(EntitlementsWorkload workload) {
    MemoryDb db = new MemoryDb();
    for (int i = 0; i < USERS; i++) {
      assertThat(workload.doInsert(db, null)).isTrue();
    }
    return db;
  }

  @Test
  void bothModelsAssembleTheSameUserAsTheGenerator() throws Exception {
    EntitlementsWorkload normalized = workload("normalized");
    EntitlementsWorkload denormalized = workload("denormalized");
    MemoryDb n = load(normalized);
    MemoryDb d = load(denormalized);
    Entitlements data = new Entitlements(42, 150, USERS / 10);

    for (long user : new long[] {0, 1, 777, USERS - 1}) {
      Entitlements.User fromNormalized = normalized.readUser(n, user).orElseThrow();
      Entitlements.User fromDenormalized = denormalized.readUser(d, user).orElseThrow();
      assertThat(fromNormalized).isEqualTo(fromDenormalized).isEqualTo(data.expected(user));
      assertThat(fromNormalized.name()).isEqualTo("user-" + user);
      assertThat(fromNormalized.entitlements()).hasSize(150);
      assertThat(fromNormalized.entitlements().get(0)).containsOnlyKeys(Entitlements.FIELDS);
    }
  }

  @Test
  void normalizedLoadWritesThePoolAndUsersWithIdsDenormalizedEmbedsThem() throws Exception {
    MemoryDb n = load(workload("normalized"));
    MemoryDb d = load(workload("denormalized"));

    assertThat(n.tables.get("users"))
        .hasSize(USERS)
        .containsKey("user0000000000")
        .containsKey("user0000001999");
    assertThat(n.tables.get("entitlements")).hasSize(USERS / 10).containsKey("ent0000000199");
    assertThat(d.tables).containsOnlyKeys("users");
    long normalizedBytes =
        n.tables.values().stream().flatMap(t -> t.values().stream()).mapToLong(v -> v.length).sum();
    long denormalizedBytes = d.tables.get("users").values().stream().mapToLong(v -> v.length).sum();
    assertThat(denormalizedBytes)
        .as("denormalized repeats every entitlement")
        .isGreaterThan(10 * normalizedBytes);
  }

  @Test
  void aUserHoldsUniqueEntitlementsFromThePool() {
    Entitlements data = new Entitlements(42, 150, 200);
    int[] ids = data.idsOf(5);
    assertThat(ids).hasSize(150);
    assertThat(new HashSet<>(Arrays.asList(Arrays.stream(ids).boxed().toArray()))).hasSize(150);
    assertThat(Arrays.stream(ids).min().orElseThrow()).isGreaterThanOrEqualTo(0);
    assertThat(Arrays.stream(ids).max().orElseThrow()).isLessThan(200);
    assertThat(data.idsOf(5)).as("deterministic").containsExactly(ids);
    assertThat(new Entitlements(43, 150, 200).idsOf(5)).as("another seed").isNotEqualTo(ids);
  }

  @Test
  void normalizedReadIsOneReadAndOneBatchRead() throws Exception {
    EntitlementsWorkload workload = workload("normalized", "entitlements.verify", "true");
    MemoryDb db = load(workload);
    int reads = db.reads;
    for (int i = 0; i < 10; i++) {
      assertThat(workload.doTransaction(db, null)).isTrue();
    }
    assertThat(db.reads - reads).isEqualTo(10);
    assertThat(db.batchReads).isEqualTo(10);
  }

  @Test
  void missingUserIsNotAssembled() throws Exception {
    EntitlementsWorkload workload = workload("denormalized");
    assertThat(workload.readUser(new MemoryDb(), 3)).isEmpty();
  }

  @Test
  void badPropertiesAreNamed() {
    assertThatThrownBy(() -> workload("flat"))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "entitlements.model: 'flat' is not accepted; use one of normalized, denormalized");
    assertThatThrownBy(() -> workload("normalized", "entitlements.pool_fraction", "2"))
        .hasMessage(
            "entitlements.pool_fraction: '2' is not a proportion; use a number from 0 to 1");
    assertThatThrownBy(() -> workload("normalized", "requestdistribution", "latest"))
        .hasMessage("requestdistribution: 'latest' is not accepted; use one of uniform, zipfian");
  }
}
