package dev.segmon.app.processors;

import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordCounts.Unscored;
import dev.segmon.app.state.WordList;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.edit.Levenshtein;
import dev.segmon.model.edit.NedCounts;
import dev.segmon.model.edit.Vocabulary;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Word errors and NED per closed utterance (docs/contract.md 3.2), booked into the (model, tier)
 * aggregate and the minute of the close (record time), so that exactly-once keeps them exact
 * through crashes.
 *
 * <p>Scored once per close ({@link #score}) as the offline scorer does ({@link Levenshtein#align} at
 * unit costs as {@code eval wer}, its S + I + D as the distance of {@link NedCounts#of(int[], int[])} as
 * {@code eval ned}, tokens
 * compared exactly); an utterance that cannot be scored is counted under its {@link Unscored} reason.
 */
public final class WordBook implements UtteranceBook {
    private SeriesAggregates aggregates;

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.aggregates = aggregates;
    }

    @Override
    public void closed(Closed utterance) {
        aggregates.add(utterance.key().series(), SeriesFigures.ofWords(utterance.words()), utterance.timestampMs());
    }

    /** Counted as unscored ({@code incomplete}), as every unreferenced close is: nothing reaches the word error rate. */
    @Override
    public void unscored(Closed utterance) {
        closed(utterance);
    }

    /** The word figures of one closed utterance, from its two held transcripts. */
    static WordCounts score(Outcome outcome, WordList hypothesis, WordList reference) {
        if (!hypothesis.present()) {
            return WordCounts.unscoredFor(Unscored.NO_WORDS);
        }
        if (outcome != Outcome.SCORED) {
            return WordCounts.unscoredFor(Unscored.INCOMPLETE);
        }
        if (!reference.present()) {
            return WordCounts.unscoredFor(Unscored.NO_LABELS);
        }
        Vocabulary vocabulary = new Vocabulary(false);
        int[] ref = reference.tokens(vocabulary);
        int[] hyp = hypothesis.tokens(vocabulary);
        EditCounts edits = Levenshtein.align(ref, hyp, EditCosts.UNIT);
        // At unit costs a minimal alignment's S + I + D is the Levenshtein distance: the NED needs no
        // second sweep, and the banded alignment costs O(W) per utterance where the whole matrix cost O(W^2).
        return WordCounts.scored(edits, NedCounts.of((int) edits.errors(), ref.length, hyp.length));
    }
}
