package dev.segmon.model.tde;

import dev.segmon.model.io.FileInterval;
import dev.segmon.model.io.IntervalBlock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One fold of the 2015 TDE (bootphon/tde): a set of intervals; a discovered fragment, a gold
 * word or a gold phone belongs to the fold when one fold interval of its file covers it
 * (fold onset <= its onset and its offset <= fold offset). A within-talker fold covers whole
 * files (those of one speaker).
 */
public final class Fold {
    private final String name;
    private final Map<String, long[][]> byFile; // per file: onsets sorted, offsets, running max of offsets
    private final Set<String> wholeFiles;

    private Fold(String name, Map<String, long[][]> byFile, Set<String> wholeFiles) {
        this.name = name;
        this.byFile = byFile;
        this.wholeFiles = wholeFiles;
    }

    public String name() {
        return name;
    }

    /** A fold of a fold file. */
    public static Fold of(IntervalBlock block) {
        Map<String, List<FileInterval>> grouped = new HashMap<>();
        for (FileInterval i : block.intervals()) {
            grouped.computeIfAbsent(i.file(), k -> new ArrayList<>()).add(i);
        }
        Map<String, long[][]> byFile = new HashMap<>();
        grouped.forEach((file, list) -> {
            FileInterval[] sorted = list.toArray(new FileInterval[0]);
            Arrays.sort(sorted, (a, b) -> Long.compare(a.onset(), b.onset()));
            long[] on = new long[sorted.length];
            long[] maxOff = new long[sorted.length];
            for (int k = 0; k < sorted.length; k++) {
                on[k] = sorted[k].onset();
                maxOff[k] = k == 0 ? sorted[k].offset() : Math.max(maxOff[k - 1], sorted[k].offset());
            }
            byFile.put(file, new long[][] {on, maxOff});
        });
        return new Fold(block.name(), byFile, Set.of());
    }

    /** A fold of whole files, e.g. one speaker's. */
    public static Fold ofFiles(String name, Collection<String> files) {
        return new Fold(name, Map.of(), Set.copyOf(files));
    }

    /** Whether a fold interval of {@code file} covers [onset, offset]. */
    public boolean covers(String file, long onset, long offset) {
        if (wholeFiles.contains(file)) {
            return true;
        }
        long[][] f = byFile.get(file);
        if (f == null) {
            return false;
        }
        // the last fold interval starting at or before the onset; the running maximum of offsets
        // up to it says whether any of those reaches the offset
        int lo = 0;
        int hi = f[0].length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (f[0][mid] <= onset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo > 0 && f[1][lo - 1] >= offset;
    }
}
