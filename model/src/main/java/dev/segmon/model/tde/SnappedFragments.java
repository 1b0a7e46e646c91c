package dev.segmon.model.tde;

import dev.segmon.model.Micros;
import dev.segmon.model.io.FileInterval;
import dev.segmon.model.io.InputException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The discovered fragments that keep at least one gold phone, snapped to the phones they keep
 * (tdev2 disc_reader.get_transcription), each with its phone string and grouping token.
 */
final class SnappedFragments {
    /** tdev2's 60 ms / 30 ms thresholds after its rounding to 3 decimals: x rounds to >= 0.060 iff x >= 59.5 ms. */
    private static final long LONG_PHONE = 59_500;
    private static final long ENOUGH_OVERLAP = 29_500;

    private final GoldAlignment gold;
    private final boolean floatingHalves;
    private final boolean fileBlindTokens;
    private final Map<String, Integer> tokens = new HashMap<>();

    private final List<GoldAlignment.FileGold> fragFile = new ArrayList<>();
    private long[] fragOn = new long[16];
    private long[] fragOff = new long[16];
    private final List<int[]> fragPhones = new ArrayList<>(); // kept phone indices in the file's phone tier
    private int[] fragString = new int[16];                   // phone-string id
    private int[] fragToken = new int[16];                    // grouping token id

    /** See {@link TdeEvaluation}'s package-private constructor for the two flags. */
    SnappedFragments(GoldAlignment gold, boolean floatingHalves, boolean fileBlindTokens) {
        this.gold = gold;
        this.floatingHalves = floatingHalves;
        this.fileBlindTokens = fileBlindTokens;
    }

    int size() {
        return fragFile.size();
    }

    GoldAlignment.FileGold file(int i) {
        return fragFile.get(i);
    }

    long onset(int i) {
        return fragOn[i];
    }

    long offset(int i) {
        return fragOff[i];
    }

    /** The kept phones' indices in the file's phone tier. */
    int[] phones(int i) {
        return fragPhones.get(i);
    }

    /** The phone string's id in the gold's symbols. */
    int string(int i) {
        return fragString[i];
    }

    /** The grouping token's id: (file, snapped phones), or the snapped phones alone as tdev2 has it. */
    int token(int i) {
        return fragToken[i];
    }

    /** Snaps a fragment to the phones it keeps; returns its id, or -1 when it keeps none. */
    int snap(String source, FileInterval raw) {
        GoldAlignment.FileGold file = gold.file(raw.file());
        if (file == null) {
            throw new InputException(source, raw.line(), "file '" + raw.file() + "' is not in the phone alignment");
        }
        Tier phones = file.phones;
        int[] covered = phones.overlapping(raw.onset(), raw.offset());
        if (covered.length == 0) {
            return -1;
        }
        // tdev2 disc_reader.get_transcription: all covered phones, the first and the last only if
        // utils.check_boundary accepts them (a single covered phone is judged as the first)
        int from = keeps(phones, covered[0], raw) ? 0 : 1;
        int to = covered.length == 1 || keeps(phones, covered[covered.length - 1], raw) ? covered.length : covered.length - 1;
        if (to <= from) {
            return -1;
        }
        int[] kept = Arrays.copyOfRange(covered, from, to);
        int[] symbols = new int[kept.length];
        StringBuilder token = new StringBuilder();
        if (!fileBlindTokens) {
            token.append(file.id).append('|');
        }
        for (int k = 0; k < kept.length; k++) {
            symbols[k] = phones.symbol[kept[k]];
            token.append(phones.onset[kept[k]]).append(',').append(phones.offset[kept[k]]).append(',')
                    .append(symbols[k]).append(';');
        }
        int id = fragFile.size();
        grow(id + 1);
        fragFile.add(file);
        fragOn[id] = raw.onset();
        fragOff[id] = raw.offset();
        fragPhones.add(kept);
        fragString[id] = gold.phones.string(symbols);
        fragToken[id] = tokens.computeIfAbsent(token.toString(), k -> tokens.size());
        return id;
    }

    private void grow(int size) {
        if (size > fragOn.length) {
            int n = Math.max(size, 2 * fragOn.length);
            fragOn = Arrays.copyOf(fragOn, n);
            fragOff = Arrays.copyOf(fragOff, n);
            fragString = Arrays.copyOf(fragString, n);
            fragToken = Arrays.copyOf(fragToken, n);
        }
    }

    /**
     * tdev2 utils.check_boundary: a boundary phone is kept when (its duration rounded to 3
     * decimals >= 0.060 s and the overlap rounded to 3 decimals >= 0.030 s) or (duration < 0.060 s
     * and overlap >= half the phone). Both roundings are exact here (>= 59.5 ms, >= 29.5 ms)
     * and the half is compared as 2 * overlap >= duration in integer microseconds.
     */
    private boolean keeps(Tier phones, int p, FileInterval raw) {
        long pOn = phones.onset[p];
        long pOff = phones.offset[p];
        long overlap = Math.min(raw.offset(), pOff) - Math.max(raw.onset(), pOn);
        if (floatingHalves) {
            return keepsAsTdev2(pOn, pOff, raw.onset(), raw.offset());
        }
        long duration = pOff - pOn;
        return duration >= LONG_PHONE ? overlap >= ENOUGH_OVERLAP : 2 * overlap >= duration;
    }

    /** tdev2's check_boundary in doubles, Python's round() included (half-even on the binary value). */
    private static boolean keepsAsTdev2(long pOnMicros, long pOffMicros, long dOnMicros, long dOffMicros) {
        double pOn = Micros.seconds(pOnMicros);
        double pOff = Micros.seconds(pOffMicros);
        double dOn = Micros.seconds(dOnMicros);
        double dOff = Micros.seconds(dOffMicros);
        double goldDur = pythonRound3(pOff - pOn);
        double ov = (Math.min(dOff, pOff) - Math.max(dOn, pOn)) / (pOff - pOn);
        double ovTime = pythonRound3(Math.min(dOff, pOff) - Math.max(dOn, pOn));
        return (goldDur >= 0.060 && ovTime >= 0.030) || (goldDur < 0.060 && ov >= 0.5);
    }

    private static double pythonRound3(double x) {
        return new BigDecimal(x).setScale(3, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** Each fragment as {@code file onset offset phone...} (seconds), for tests. */
    List<String> describe() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < fragFile.size(); i++) {
            StringBuilder b = new StringBuilder(fragFile.get(i).name).append(' ')
                    .append(String.format(java.util.Locale.ROOT, "%.4f %.4f", Micros.seconds(fragOn[i]), Micros.seconds(fragOff[i])));
            for (int s : gold.phones.string(fragString[i])) {
                b.append(' ').append(gold.phones.name(s));
            }
            out.add(b.toString());
        }
        return out;
    }
}
