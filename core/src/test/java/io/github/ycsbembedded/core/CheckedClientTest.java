package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckedClientTest {
  @TempDir Path tmp;

  @Test
  void commandLinePropertiesOverridePropertyFilesLikeClient() throws Exception {
    Path first = Files.writeString(tmp.resolve("first"), "recordcount=10\na=file1\n");
    Path second = Files.writeString(tmp.resolve("second"), "a=file2\nb=file2\n");

    Properties p = CheckedClient.properties(new String[] {
        "-db", "x.Y", "-load", "-P", first.toString(), "-p", "b=cli", "-P", second.toString(),
        "-threads", "4", "-s", "-p", "c=k=v"});

    assertThat(p.getProperty("recordcount")).isEqualTo("10");
    assertThat(p.getProperty("a")).isEqualTo("file2");
    assertThat(p.getProperty("b")).isEqualTo("cli");
    assertThat(p.getProperty("c")).isEqualTo("k=v");
    assertThat(p.getProperty("db")).isEqualTo("x.Y");
    assertThat(p.getProperty("threadcount")).isEqualTo("4");
  }

  @Test
  void missingPropertyFileIsReported() {
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-P", tmp.resolve("nope").toString()}))
        .hasMessageStartingWith("cannot read property file " + tmp.resolve("nope"));
  }

  @Test
  void unknownBindingClassIsReported() {
    assertThatThrownBy(() -> CheckedClient.preflight(new String[] {"-db", "no.such.Binding"}))
        .hasMessageStartingWith("cannot load binding class no.such.Binding");
  }

  @Test
  void basicBindingPassesThePreflight() throws Exception {
    CheckedClient.preflight(new String[] {"-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false"});
  }
}
