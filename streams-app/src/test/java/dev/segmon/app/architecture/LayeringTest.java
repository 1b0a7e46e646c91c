package dev.segmon.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.segmon.app.Monitor;
import dev.segmon.model.Ratio;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/architecture.md, checked on the compiled main classes: each package imports
 * only the packages its row allows (a package's sub-packages belong to it), and no two packages
 * depend on each other, directly or around a cycle. The tools' module checks its own rows against
 * this table, and the monitor imports nothing of the tools.
 */
public class LayeringTest {

    /** Package (relative to {@code dev.segmon}) -> the packages it may import; the table of docs/architecture.md. */
    public static final Map<String, Set<String>> MAY_IMPORT = Layering.table(
            // model: values at the bottom, readers above them, the measures above the readers
            "model", List.of(),
            "model.alignment", List.of("model"),
            "model.io", List.of("model", "model.alignment"),
            "model.boundary", List.of("model", "model.alignment", "model.io"),
            "model.interval", List.of("model", "model.boundary"),
            "model.detection", List.of("model", "model.boundary", "model.interval"),
            "model.estimate", List.of("model", "model.interval"),
            "model.edit", List.of("model", "model.alignment", "model.io"),
            "model.breaks", List.of("model", "model.io"),
            "model.textseg", List.of("model", "model.io"),
            "model.tde", List.of("model", "model.alignment", "model.boundary", "model.edit", "model.io"),
            "model.timing", List.of("model", "model.alignment", "model.edit", "model.io"),
            "model.health", List.of("model"),
            // streams-app, bottom up: what crosses Kafka, the settings, the state, the processing, the export
            "app.wire", List.of("model.."),
            "app.health", List.of(),
            "app.broker", List.of(),
            "app.config", List.of("model..", "app.wire"),
            "app.state", List.of("model..", "app.wire"),
            "app.store", List.of("model..", "app.wire", "app.state"),
            "app.processors", List.of("model..", "app.wire", "app.config", "app.state", "app.store"),
            "app.view", List.of("model..", "app.wire", "app.state", "app.store", "app.processors"),
            "app.measures", List.of("model..", "app.wire", "app.config", "app.state", "app.store", "app.processors", "app.view", "app.metrics"),
            "app.topology", List.of("model..", "app.wire", "app.config", "app.state", "app.store", "app.processors", "app.measures"),
            "app.partitioning", List.of("app.topology"),
            "app.metrics", List.of("model..", "app.wire", "app.health", "app.state", "app.store", "app.view"),
            "app.web", List.of("model..", "app.wire", "app.state", "app.store", "app.view", "app.metrics"),
            "app", List.of("model..", "app.wire", "app.health", "app.config", "app.state", "app.store", "app.view", "app.topology", "app.measures",
                    "app.metrics", "app.web", "app.partitioning"),
            "app.replay", List.of("model..", "app.wire"),
            "app.demo", List.of("model..", "app", "app.wire", "app.broker", "app.config", "app.metrics", "app.replay", "app.state", "app.view"),
            "app.cli", List.of("model..", "app..")
    );

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = Layering.mainClassesOf(Monitor.class, Ratio.class);
    }

    @Test
    void everyPackageImportsOnlyWhatItsRowAllows() {
        assertEquals(List.of(), Layering.violations(classes, MAY_IMPORT), "imports against the layering of docs/architecture.md");
    }

    @Test
    void everyMainPackageHasARow() {
        assertEquals(Set.of(), Layering.packagesWithoutARow(classes, MAY_IMPORT), "packages without a row in docs/architecture.md's table");
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.segmon.model.(*)..").should().beFreeOfCycles().check(classes);
        slices().matching("dev.segmon.app.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The tools depend on the monitor, never the other way: the monitor's jar runs without them. */
    @Test
    void theMonitorImportsNothingOfTheTools() {
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.segmon.tools..")
                .because("docs/architecture.md: the tools are not part of the monitor").check(classes);
    }
}
