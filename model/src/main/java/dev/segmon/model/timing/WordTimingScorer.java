package dev.segmon.model.timing;

import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.Levenshtein;
import dev.segmon.model.edit.Vocabulary;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.alignment.Utterance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;

/**
 * How far off word times are, and which way (docs/timing.md): each utterance's words are aligned
 * as {@code eval wer} aligns them (unit costs, Kaldi's tie-break: {@link Levenshtein#pairs}), and
 * every reference word matched by an equal hypothesis word gives a signed start and end offset,
 * hypothesis - reference. Substituted, deleted and inserted words give none.
 *
 * <p>Utterances pair by id; one on one side only counts its words against an empty other side
 * (so its reference words lower the matched share) and is reported as unpaired. The reference
 * side is held in memory, the hypothesis side streamed.
 */
public final class WordTimingScorer {
    private final Set<String> ignoredLabels;
    private final boolean ignoreCase;

    /**
     * @param ignoredLabels segment labels that are not words (e.g. sil, sp)
     * @param ignoreCase    compare words case-insensitively
     */
    public WordTimingScorer(Set<String> ignoredLabels, boolean ignoreCase) {
        this.ignoredLabels = Set.copyOf(ignoredLabels);
        this.ignoreCase = ignoreCase;
    }

    public TimingResult score(UtteranceReader reference, UtteranceReader hypothesis) {
        Vocabulary vocabulary = new Vocabulary(ignoreCase);
        Map<String, TimedWords> waiting = new LinkedHashMap<>();
        while (reference.hasNext()) {
            Utterance r = reference.next();
            waiting.put(r.id(), TimedWords.of(r, ignoredLabels, vocabulary, reference.source()));
        }
        Sum sum = new Sum();
        List<String> unpaired = new ArrayList<>();
        long utterances = 0;
        while (hypothesis.hasNext()) {
            Utterance h = hypothesis.next();
            TimedWords hyp = TimedWords.of(h, ignoredLabels, vocabulary, hypothesis.source());
            TimedWords ref = waiting.remove(h.id());
            if (ref == null) {
                unpaired.add(h.id());
                ref = TimedWords.NONE;
            }
            sum.add(ref, hyp);
            utterances++;
        }
        for (Map.Entry<String, TimedWords> alone : waiting.entrySet()) {
            unpaired.add(alone.getKey());
            sum.add(alone.getValue(), TimedWords.NONE);
            utterances++;
        }
        unpaired.sort(null);
        return new TimingResult(sum.counts, OffsetSample.of(sum.starts.build().toArray(), sum.ends.build().toArray()),
                utterances, unpaired);
    }

    /** The running counts and offsets of the utterances scored so far. */
    private static final class Sum {
        TimingCounts counts = TimingCounts.ZERO;
        final LongStream.Builder starts = LongStream.builder();
        final LongStream.Builder ends = LongStream.builder();

        void add(TimedWords ref, TimedWords hyp) {
            MatchedOffsets o = MatchedOffsets.of(Levenshtein.pairs(ref.tokens(), hyp.tokens(), EditCosts.UNIT),
                    new long[][] {ref.starts(), ref.ends()}, new long[][] {hyp.starts(), hyp.ends()});
            for (int i = 0; i < o.starts().length; i++) {
                starts.add(o.starts()[i]);
                ends.add(o.ends()[i]);
            }
            counts = counts.plus(o.counts(ref.size(), hyp.size()));
        }
    }
}
