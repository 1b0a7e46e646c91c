package dev.segmon.model.textseg;

import dev.segmon.model.Ratio;
import dev.segmon.model.io.InputException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pk and WindowDiff over a corpus of documents paired by id (docs/contract.md 2.5). The corpus
 * figures are unweighted means of the documents' values, as one averages segeval's or NLTK's
 * per-document results.
 */
public final class TextSegScorer {
    private TextSegScorer() {
    }

    /** One document's window and counts. */
    public record DocumentScore(String id, int k, WindowCounts counts) {
    }

    /**
     * The corpus result.
     *
     * @param documents per document, in reference order
     */
    public record Result(List<DocumentScore> documents) {
        public Result {
            documents = List.copyOf(documents);
        }

        /** Mean Pk over documents. */
        public Double pk() {
            double sum = 0;
            for (DocumentScore d : documents) {
                sum += d.counts().pk();
            }
            return Ratio.of(sum, documents.size());
        }

        /** Mean WindowDiff over documents. */
        public Double windowDiff() {
            double sum = 0;
            for (DocumentScore d : documents) {
                sum += d.counts().windowDiff();
            }
            return Ratio.of(sum, documents.size());
        }

        /** The k every document used, or null when they differ. */
        public Integer commonK() {
            Integer k = null;
            for (DocumentScore d : documents) {
                if (k == null) {
                    k = d.k();
                } else if (k != d.k()) {
                    return null;
                }
            }
            return k;
        }
    }

    /**
     * Scores every reference document against the hypothesis document of the same id. A document
     * without a partner, a length mismatch, or a window that is undefined or outside 1 <= k < N is
     * an {@link InputException} (a reference file problem at the reference line, a length mismatch
     * at the hypothesis line).
     */
    public static Result score(String refSource, List<TextDocument> reference,
                               String hypSource, List<TextDocument> hypothesis, WindowSize window) {
        Map<String, TextDocument> hypById = new HashMap<>();
        for (TextDocument h : hypothesis) {
            hypById.put(h.id(), h);
        }
        List<DocumentScore> scores = new ArrayList<>(reference.size());
        for (TextDocument r : reference) {
            TextDocument h = hypById.remove(r.id());
            if (h == null) {
                throw new InputException(refSource, r.line(), "document '" + r.id() + "' is missing from " + hypSource);
            }
            int units = r.segmentation().units();
            if (h.segmentation().units() != units) {
                throw new InputException(hypSource, h.line(), "document '" + h.id() + "' has "
                        + h.segmentation().units() + " units here but " + units + " in " + refSource + ":" + r.line());
            }
            int k;
            try {
                k = window.of(r.segmentation());
            } catch (IllegalArgumentException e) {
                throw new InputException(refSource, r.line(), "document '" + r.id() + "': " + e.getMessage());
            }
            if (k < 1 || k >= units) {
                throw new InputException(refSource, r.line(), "document '" + r.id() + "': window k = " + k
                        + " must satisfy 1 <= k < N = " + units + " (the number of units)");
            }
            scores.add(new DocumentScore(r.id(), k, WindowMetrics.count(r.segmentation(), h.segmentation(), k)));
        }
        for (TextDocument h : hypothesis) {
            if (hypById.containsKey(h.id())) {
                throw new InputException(hypSource, h.line(), "document '" + h.id() + "' is not in the reference " + refSource);
            }
        }
        return new Result(scores);
    }
}
