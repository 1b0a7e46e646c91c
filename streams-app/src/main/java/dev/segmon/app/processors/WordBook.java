package dev.segmon.app.processors;

import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordCounts.Unscored;
import dev.segmon.app.state.WordList;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.state.WordTiming;
import dev.segmon.model.edit.AlignedPair;
import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.edit.Levenshtein;
import dev.segmon.model.edit.NedCounts;
import dev.segmon.model.edit.Vocabulary;
import dev.segmon.model.timing.MatchedOffsets;
import java.util.List;

/**
 * Word errors, NED and word timing per closed utterance (docs/contract.md 3.2, docs/timing.md),
 * booked into the (model, tier) aggregate and the minute of the close (record time), so that
 * exactly-once keeps them exact through crashes.
 *
 * <p>Scored once per close ({@link #score}) as the offline scorers do: one unit-cost alignment
 * ({@link Levenshtein#pairs}, whose S, I, D are {@link Levenshtein#align}'s, as {@code eval wer}
 * counts them) gives the word errors, the matched words' offsets ({@code eval timing}) and, as its
 * S + I + D, the distance of {@link NedCounts#of(int[], int[])} ({@code eval ned}); tokens compared
 * exactly. An utterance that cannot be scored is counted under its {@link Unscored} reason and has
 * no timing.
 */
public final class WordBook implements UtteranceBook {
    /** Scored or not: an unscored close is counted as unscored ({@code incomplete}), as every unreferenced close is, and reaches no word error rate. */
    @Override
    public SeriesFigures figures(Closed utterance, boolean scored) {
        return SeriesFigures.ofWords(utterance.words(), utterance.timing());
    }

    /** An utterance's word figures: its word counts, and its timing (null when it has no word score). */
    record Scored(WordCounts counts, WordTiming timing) {
    }

    /** The word figures of one closed utterance, from its two held transcripts. */
    static Scored score(Outcome outcome, WordList hypothesis, WordList reference) {
        if (!hypothesis.present()) {
            return new Scored(WordCounts.unscoredFor(Unscored.NO_WORDS), null);
        }
        if (outcome != Outcome.SCORED) {
            return new Scored(WordCounts.unscoredFor(Unscored.INCOMPLETE), null);
        }
        if (!reference.present()) {
            return new Scored(WordCounts.unscoredFor(Unscored.NO_LABELS), null);
        }
        Vocabulary vocabulary = new Vocabulary(false);
        int[] ref = reference.tokens(vocabulary);
        int[] hyp = hypothesis.tokens(vocabulary);
        List<AlignedPair> pairs = Levenshtein.pairs(ref, hyp, EditCosts.UNIT);
        MatchedOffsets offsets = MatchedOffsets.of(pairs, new long[][] {reference.starts(), reference.ends()},
                new long[][] {hypothesis.starts(), hypothesis.ends()});
        EditCounts edits = EditCounts.of(pairs, ref.length);
        // At unit costs a minimal alignment's S + I + D is the Levenshtein distance: the NED needs no
        // second sweep, and the banded alignment costs O(W) per utterance where the whole matrix cost O(W^2).
        return new Scored(WordCounts.scored(edits, NedCounts.of((int) edits.errors(), ref.length, hyp.length)),
                WordTiming.of(offsets, ref.length, hyp.length));
    }
}
