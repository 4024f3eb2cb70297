package io.github.ycsbembedded.experiments;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The experiments module's layers, one direction (DESIGN.md, Experiments): the experiment file's
 * model at the bottom; the results schema above it; measurement (processes, plans, the campaign)
 * and analysis (claims, verdicts, write-ups) beside each other, each reading only the results and
 * the model; rendering reading analysis; the peers comparison beside the commands; the command line
 * over all. No package cycle.
 */
class LayersTest {
  private static final String ROOT = "io.github.ycsbembedded.experiments";

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

  @Test
  void eachLayerReadsOnlyTheLayersBelowIt() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Commands")
        .definedBy(ROOT)
        .layer("Peers")
        .definedBy(ROOT + ".peers..")
        .layer("Rendering")
        .definedBy(ROOT + ".report..")
        .layer("Analysis")
        .definedBy(ROOT + ".analysis..", ROOT + ".writeups..")
        .layer("Measurement")
        .definedBy(ROOT + ".measure..", ROOT + ".plan..", ROOT + ".run..")
        .layer("Results")
        .definedBy(ROOT + ".results..")
        .layer("Model")
        .definedBy(ROOT + ".model..")
        .whereLayer("Commands")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Peers")
        .mayOnlyBeAccessedByLayers("Commands")
        .whereLayer("Rendering")
        .mayOnlyBeAccessedByLayers("Commands", "Peers")
        .whereLayer("Analysis")
        .mayOnlyBeAccessedByLayers("Rendering", "Commands", "Peers")
        .whereLayer("Measurement")
        .mayOnlyBeAccessedByLayers("Commands", "Peers")
        .whereLayer("Results")
        .mayOnlyBeAccessedByLayers("Measurement", "Analysis", "Rendering", "Commands", "Peers")
        .check(MAIN);
  }

  @Test
  void noPackageCycles() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void theAnalysisKnowsTheWriteUpsOnlyByName() {
    com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses()
        .that()
        .resideInAPackage(ROOT + ".analysis..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT + ".writeups..")
        .check(MAIN);
  }
}
