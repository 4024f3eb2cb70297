package io.github.ycsbembedded.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Paths;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DatasetTest {
  private static Properties properties(String bindingProperties) {
    Dataset dataset = new Dataset();
    dataset.engine = Engine.WIREDTIGER;
    dataset.dir = Paths.get("data");
    dataset.bindingProperties = bindingProperties;
    return dataset.properties();
  }

  @Test
  void noneAddsNoBindingProperty() {
    assertThat(properties("none").stringPropertyNames())
        .containsExactlyInAnyOrderElementsOf(properties("").stringPropertyNames())
        .doesNotContain("wiredtiger.log");
  }

  @Test
  void pairsSeparatedBySemicolonsAreEachSet() {
    Properties properties = properties("wiredtiger.log=false; wiredtiger.cache_size=64m");
    assertThat(properties.getProperty("wiredtiger.log")).isEqualTo("false");
    assertThat(properties.getProperty("wiredtiger.cache_size")).isEqualTo("64m");
  }

  @Test
  void aPairWithoutEqualsSignIsRefusedNamingIt() {
    assertThatThrownBy(() -> properties("wiredtiger.log=false;oops"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bindingProperties: 'oops' is not name=value");
  }
}
