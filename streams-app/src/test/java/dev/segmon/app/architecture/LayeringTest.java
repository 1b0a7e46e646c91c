package dev.segmon.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import dev.segmon.app.Monitor;
import dev.segmon.model.Ratio;
import java.net.URISyntaxException;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/architecture.md, checked on the compiled main classes: each package imports
 * only the packages its row allows (a package's sub-packages belong to it), and no two packages
 * depend on each other, directly or around a cycle.
 */
class LayeringTest {

    /** Package (relative to {@code dev.segmon}) -> the packages it may import; the table of docs/architecture.md. */
    static final Map<String, Set<String>> MAY_IMPORT = table(
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
            "app.simulate", List.of("model..", "app.demo"),
            "app.bench", List.of("model..", "app", "app.wire", "app.broker", "app.config", "app.replay", "app.topology"),
            "app.cli", List.of("model..", "app..")
    );

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        // The two modules' own class folders or jars only: scanning the whole class path for the package is slow.
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importLocations(Set.of(locationOf(Monitor.class), locationOf(Ratio.class)));
    }

    @Test
    void everyPackageImportsOnlyWhatItsRowAllows() {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, Set<String>> row : MAY_IMPORT.entrySet()) {
            String[] forbidden = forbiddenFor(row.getKey(), row.getValue());
            if (forbidden.length == 0) {
                continue;
            }
            EvaluationResult result = noClasses().that().resideInAPackage(pattern(row.getKey()))
                    .should().dependOnClassesThat().resideInAnyPackage(forbidden)
                    .because("docs/architecture.md: " + row.getKey() + " may import only " + row.getValue())
                    .allowEmptyShould(true)
                    .evaluate(classes);
            violations.addAll(result.getFailureReport().getDetails());
        }
        assertEquals(List.of(), violations, "imports against the layering of docs/architecture.md");
    }

    @Test
    void everyMainPackageHasARow() {
        Set<String> missing = new TreeSet<>();
        classes.forEach(c -> {
            String pkg = c.getPackageName().substring("dev.segmon.".length());
            if (MAY_IMPORT.keySet().stream().noneMatch(row -> pkg.equals(row) || !isRoot(row) && pkg.startsWith(row + "."))) {
                missing.add(pkg);
            }
        });
        assertEquals(Set.of(), missing, "packages without a row in docs/architecture.md's table");
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.segmon.model.(*)..").should().beFreeOfCycles().check(classes);
        slices().matching("dev.segmon.app.(*)..").should().beFreeOfCycles().check(classes);
    }

    private static Location locationOf(Class<?> type) {
        try {
            return Location.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The roots {@code app} and {@code model} hold a few classes of their own; their rows cover no sub-package. */
    private static boolean isRoot(String row) {
        return row.equals("app") || row.equals("model");
    }

    /** The packages of the table that {@code row} may not import: every other row, less what it allows. */
    private static String[] forbiddenFor(String row, Set<String> allowed) {
        return MAY_IMPORT.keySet().stream()
                .filter(other -> !other.equals(row))
                .filter(other -> allowed.stream().noneMatch(a -> covers(a, other)))
                .map(LayeringTest::pattern)
                .toArray(String[]::new);
    }

    /** {@code model..} allows every model package; {@code app..} every app package; else the package itself. */
    private static boolean covers(String allowed, String pkg) {
        if (allowed.endsWith("..")) {
            String root = allowed.substring(0, allowed.length() - 2);
            return pkg.equals(root) || pkg.startsWith(root + ".");
        }
        return allowed.equals(pkg);
    }

    /** A row's classes: the package and its sub-packages, but a root's own classes alone. */
    private static String pattern(String row) {
        return isRoot(row) ? "dev.segmon." + row : "dev.segmon." + row + "..";
    }

    private static Map<String, Set<String>> table(Object... rows) {
        Map<String, Set<String>> table = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> allowed = (List<String>) rows[i + 1];
            table.put((String) rows[i], new TreeSet<>(allowed));
        }
        return table;
    }
}
