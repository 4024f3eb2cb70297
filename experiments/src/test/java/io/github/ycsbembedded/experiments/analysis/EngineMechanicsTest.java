package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class EngineMechanicsTest {
  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text);
  }

  @Test
  void aBTreeShowsItsDepthAndPages() throws Exception {
    assertThat(
            EngineMechanics.tree(
                json("{\"kind\":\"btree\",\"depth\":5,\"leafPages\":95000,\"branchPages\":645}")))
        .isEqualTo("depth 5, 95,000 leaf and 645 branch pages");
  }

  @Test
  void aBTreeWithPagesButDepthZeroHadItsDepthNotRecorded() throws Exception {
    // WiredTiger counts its depth on searches: a bulk-loaded tree nothing searched says 0
    assertThat(
            EngineMechanics.tree(
                json("{\"kind\":\"btree\",\"depth\":0,\"leafPages\":74075,\"branchPages\":591}")))
        .isEqualTo("depth not recorded, 74,075 leaf and 591 branch pages");
  }

  @Test
  void anLsmTreeListsItsLevelsWithFiles() throws Exception {
    assertThat(
            EngineMechanics.tree(
                json(
                    "{\"kind\":\"lsm\",\"levels\":[{\"level\":0,\"files\":2,\"bytes\":4194304},"
                        + "{\"level\":1,\"files\":0,\"bytes\":0},"
                        + "{\"level\":2,\"files\":3,\"bytes\":1073741824}]}")))
        .isEqualTo("L0 2 (4.0 MiB), L2 3 (1.0 GiB)");
  }
}
