package dev.segmon.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.EvaluationResult;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A table of packages (relative to {@code dev.segmon}) and what each may import, checked on
 * compiled classes: the layering of docs/architecture.md, for the monitor's modules
 * ({@link LayeringTest}) and for the tools beside them.
 */
public final class Layering {
    private Layering() {
    }

    /** The main classes of the modules that hold {@code types}: their class folders or jars only, not the whole class path. */
    public static JavaClasses mainClassesOf(Class<?>... types) {
        Set<Location> locations = Arrays.stream(types).map(Layering::locationOf).collect(Collectors.toSet());
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importLocations(locations);
    }

    /** Every import of {@code classes} that its package's row of {@code table} does not allow. */
    public static List<String> violations(JavaClasses classes, Map<String, Set<String>> table) {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, Set<String>> row : table.entrySet()) {
            String[] forbidden = forbiddenFor(table, row.getKey(), row.getValue());
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
        return violations;
    }

    /** The packages of {@code classes} that no row of {@code table} covers. */
    public static Set<String> packagesWithoutARow(JavaClasses classes, Map<String, Set<String>> table) {
        Set<String> missing = new TreeSet<>();
        classes.forEach(c -> {
            String pkg = c.getPackageName().substring("dev.segmon.".length());
            if (table.keySet().stream().noneMatch(row -> pkg.equals(row) || !isRoot(row) && pkg.startsWith(row + "."))) {
                missing.add(pkg);
            }
        });
        return missing;
    }

    /** A table from pairs of a package and the list of what it may import. */
    public static Map<String, Set<String>> table(Object... rows) {
        Map<String, Set<String>> table = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> allowed = (List<String>) rows[i + 1];
            table.put((String) rows[i], new TreeSet<>(allowed));
        }
        return table;
    }

    /** {@code first}'s rows, then {@code second}'s. */
    public static Map<String, Set<String>> concat(Map<String, Set<String>> first, Map<String, Set<String>> second) {
        Map<String, Set<String>> table = new LinkedHashMap<>(first);
        table.putAll(second);
        return table;
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
    private static String[] forbiddenFor(Map<String, Set<String>> table, String row, Set<String> allowed) {
        return table.keySet().stream()
                .filter(other -> !other.equals(row))
                .filter(other -> allowed.stream().noneMatch(a -> covers(a, other)))
                .map(Layering::pattern)
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
}
