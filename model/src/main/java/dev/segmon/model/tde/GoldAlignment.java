package dev.segmon.model.tde;

import dev.segmon.model.io.ClassFileReader;
import dev.segmon.model.io.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The gold of the term-discovery evaluation: a phone alignment and a word alignment, both
 * {@code file onset offset symbol} lines (ZeroSpeech {@code .phn} / {@code .wrd}), as tdev2's
 * {@code gold_reader} reads them: {@code SIL} words are skipped, {@code SIL} phones kept (they
 * are part of the phone strings), identical lines count once, and every word carries the phone
 * string of the phones it overlaps (tdev2's {@code gold_wrd_trs} in {@code token_type.py}).
 * Times are on the microsecond grid.
 */
public final class GoldAlignment {
    /** The silence label of the ZeroSpeech alignments. */
    static final String SILENCE = "SIL";

    final Symbols phones;
    final Symbols words;
    final List<FileGold> files;
    private final Map<String, FileGold> byName;

    /** One file's gold: its phone and word tiers and the phone-string id of each word. */
    static final class FileGold {
        final int id;
        final String name;
        final Tier phones;
        final Tier words;
        final int[] wordString;

        FileGold(int id, String name, Tier phones, Tier words, int[] wordString) {
            this.id = id;
            this.name = name;
            this.phones = phones;
            this.words = words;
            this.wordString = wordString;
        }
    }

    private GoldAlignment(Symbols phones, Symbols words, List<FileGold> files) {
        this.phones = phones;
        this.words = words;
        this.files = files;
        this.byName = new HashMap<>();
        for (FileGold f : files) {
            byName.put(f.name, f);
        }
    }

    /** Reads a phone alignment and a word alignment. */
    public static GoldAlignment read(Path phn, Path wrd) {
        Symbols phoneSymbols = new Symbols();
        Symbols wordSymbols = new Symbols();
        Map<String, List<long[]>> phoneRows = readRows(phn, phoneSymbols, false);
        Map<String, List<long[]>> wordRows = readRows(wrd, wordSymbols, true);
        List<FileGold> files = new ArrayList<>();
        for (Map.Entry<String, List<long[]>> e : phoneRows.entrySet()) {
            Tier phones = new Tier(e.getValue().toArray(new long[0][]));
            Tier words = new Tier(wordRows.getOrDefault(e.getKey(), Collections.emptyList()).toArray(new long[0][]));
            int[] strings = new int[words.size()];
            for (int w = 0; w < words.size(); w++) {
                int[] idx = phones.overlapping(words.onset[w], words.offset[w]);
                int[] s = new int[idx.length];
                for (int k = 0; k < idx.length; k++) {
                    s[k] = phones.symbol[idx[k]];
                }
                strings[w] = phoneSymbols.string(s);
            }
            files.add(new FileGold(files.size(), e.getKey(), phones, words, strings));
        }
        for (Map.Entry<String, List<long[]>> e : wordRows.entrySet()) {
            if (!phoneRows.containsKey(e.getKey())) {
                throw new InputException(wrd, e.getValue().get(0)[3],
                        "file '" + e.getKey() + "' has words but no phones in " + phn);
            }
        }
        return new GoldAlignment(phoneSymbols, wordSymbols, List.copyOf(files));
    }

    /** The names of the files of the phone alignment, in name order. */
    public List<String> fileNames() {
        return files.stream().map(f -> f.name).toList();
    }

    /** The file's gold, or null when the phone alignment does not know it. */
    FileGold file(String name) {
        return byName.get(name);
    }

    /** Rows {onset, offset, symbol id, line} per file, files in name order. */
    private static Map<String, List<long[]>> readRows(Path path, Symbols symbols, boolean skipSilence) {
        Map<String, List<long[]>> rows = new TreeMap<>();
        String source = path.toString();
        ClassFileReader.withReader(path, in -> {
            String line;
            long n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                String[] f = ClassFileReader.fields(line);
                if (f.length == 0) {
                    continue;
                }
                if (f.length != 4) {
                    throw new InputException(source, n, "expected 'file onset offset symbol', got '" + line.trim() + "'");
                }
                long on = ClassFileReader.time(source, n, f[1]);
                long off = ClassFileReader.time(source, n, f[2]);
                if (off <= on) {
                    throw new InputException(source, n, "offset " + f[2] + " is not after onset " + f[1]);
                }
                if (skipSilence && f[3].equals(SILENCE)) {
                    continue;
                }
                rows.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new long[] {on, off, symbols.id(f[3]), n});
            }
            return rows;
        });
        if (rows.isEmpty()) {
            throw new InputException(path, 0, "no alignment lines");
        }
        return rows;
    }
}
