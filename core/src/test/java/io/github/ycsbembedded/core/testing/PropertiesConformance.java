package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.SharedEngines;
import java.nio.file.Files;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The binding's properties: documented exactly as accepted, declared by its descriptor, and every
 * bad value (missing, malformed, empty, mistyped) refused in one line naming the property.
 */
public interface PropertiesConformance extends Conformance {
  /**
   * docs/bindings.md documents every property the binding accepts, and no other, in its section's
   * table (the first cell of each row, {@code `lmdb.mapsize`}).
   */
  @Test
  default void thePropertyTableInTheDocsListsExactlyThePropertiesTheBindingAccepts()
      throws Exception {
    Set<String> accepted =
        ((io.github.ycsbembedded.core.EngineClient<?>) newClient()).acceptedProperties();

    assertThat(documentedProperties()).containsExactlyInAnyOrderElementsOf(accepted);
  }

  /**
   * The binding registers itself: its module publishes one descriptor under its name, naming this
   * client class and exactly the properties the client accepts.
   */
  @Test
  default void theBindingsDescriptorNamesItsClientAndItsProperties() throws Exception {
    io.github.ycsbembedded.core.EngineClient<?> client =
        (io.github.ycsbembedded.core.EngineClient<?>) newClient();
    List<io.github.ycsbembedded.core.EngineDescriptor> named =
        io.github.ycsbembedded.core.Engines.all().stream()
            .filter(e -> e.name().equals(name()))
            .toList();

    assertThat(named).as("descriptors named %s", name()).hasSize(1);
    assertThat(named.get(0).clientClass()).isEqualTo(client.getClass().getName());
    assertThat(io.github.ycsbembedded.core.Engines.properties(named.get(0)))
        .containsExactlyInAnyOrderElementsOf(client.acceptedProperties());
  }

  private Set<String> documentedProperties() throws Exception {
    List<String> lines = Files.readAllLines(YcsbProcess.root().resolve("docs/bindings.md"));
    java.util.regex.Pattern section =
        java.util.regex.Pattern.compile("^## .* \\(`" + name() + "`\\) .*");
    java.util.regex.Pattern row =
        java.util.regex.Pattern.compile(
            "^\\| `(" + java.util.regex.Pattern.quote(name()) + "\\.[a-z0-9_]+)` \\|");
    Set<String> documented = new java.util.TreeSet<>();
    boolean inSection = false;
    for (String line : lines) {
      if (line.startsWith("## ")) {
        inSection = section.matcher(line).matches();
      } else if (inSection) {
        java.util.regex.Matcher m = row.matcher(line);
        if (m.find()) {
          documented.add(m.group(1));
        }
      }
    }
    assertThat(documented).as("the section of %s in docs/bindings.md", name()).isNotEmpty();
    return documented;
  }

  @Test
  default void missingDirectoryPropertyIsNamedInTheError() {
    Properties properties = properties(dataDir());
    properties.remove(name() + ".dir");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageContaining(name() + ".dir")
        .hasMessageContaining("required");
  }

  @Test
  default void malformedSizeIsNamedInTheError() throws Exception {
    Properties properties = properties(dataDir());
    properties.setProperty(sizeProperty(), "12x");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            sizeProperty()
                + ": '12x' is not a size; use a number with an optional k, m, g or t suffix");
    assertThat(SharedEngines.isOpen(dataDir().toRealPath()))
        .as("a failed init leaves nothing open")
        .isFalse();
  }

  @Test
  default void malformedBooleanIsNamedInTheError() {
    Properties properties = properties(dataDir());
    properties.setProperty(name() + ".sync", "maybe");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(name() + ".sync: 'maybe' is not a boolean; use true or false");
  }

  @Test
  default void aMistypedPropertyIsRefusedNamingTheNearestOne() {
    Properties properties = properties(dataDir());
    properties.setProperty(name() + ".dri", "/somewhere");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(name() + ".dri: unknown property; did you mean " + name() + ".dir?");
  }

  /**
   * {@code <name>.compact_on_close} is the LSM engines' alone: a binding whose descriptor lists it
   * opens, closes and reopens with it and keeps its data; any other refuses it as unknown.
   */
  @Test
  default void compactOnCloseIsTakenExactlyWhereTheDescriptorListsIt() throws Exception {
    Properties properties = properties(dataDir());
    properties.setProperty(name() + ".compact_on_close", "true");
    boolean listed =
        io.github.ycsbembedded.core.Engines.named(name())
            .orElseThrow()
            .properties()
            .contains(name() + ".compact_on_close");
    if (listed) {
      DB db = open(properties);
      assertThat(db.insert(TABLE, "k", record("field0", "v"))).isEqualTo(Status.OK);
      close(db);
      DB again = open(properties(dataDir()));
      assertThat(read(again, TABLE, "k", null)).containsEntry("field0", "v");
      close(again);
    } else {
      assertThatThrownBy(() -> open(properties))
          .isInstanceOf(DBException.class)
          .hasMessageStartingWith(name() + ".compact_on_close: unknown property");
    }
  }

  @Test
  default void anEmptyValueIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir());
    properties.setProperty(name() + ".sync", "");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            name() + ".sync: empty value; use true or false, or leave it out for the default");
  }
}
