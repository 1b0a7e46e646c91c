package dev.segmon.tools.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.segmon.app.architecture.Layering;
import dev.segmon.app.architecture.LayeringTest;
import dev.segmon.tools.bench.Bench;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tools' rows of docs/architecture.md's layering, checked on this module's main classes
 * against the monitor's table ({@link LayeringTest}): what each tool package may import of the
 * monitor and of the other tools, and no package cycle among them.
 */
class ToolsLayeringTest {

    /** Package (relative to {@code dev.segmon}) -> the packages it may import; the tools' table of docs/architecture.md. */
    static final Map<String, Set<String>> MAY_IMPORT = Layering.table(
            // app.metrics: the Prometheus text reader, among the monitor's test fixtures (tools/pom.xml)
            "tools.bench", List.of("model..", "app", "app.wire", "app.broker", "app.config", "app.metrics", "app.replay", "app.topology"),
            "tools.simulate", List.of("model..", "app.demo"),
            "tools.cli", List.of("model..", "app..", "tools.bench", "tools.simulate")
    );

    private static final Map<String, Set<String>> ALL = Layering.concat(LayeringTest.MAY_IMPORT, MAY_IMPORT);

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = Layering.mainClassesOf(Bench.class);
    }

    @Test
    void everyPackageImportsOnlyWhatItsRowAllows() {
        assertEquals(List.of(), Layering.violations(classes, ALL), "imports against the layering of docs/architecture.md");
    }

    @Test
    void everyMainPackageHasARow() {
        assertEquals(Set.of(), Layering.packagesWithoutARow(classes, MAY_IMPORT), "packages without a row in docs/architecture.md's tools table");
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.segmon.tools.(*)..").should().beFreeOfCycles().check(classes);
    }
}
