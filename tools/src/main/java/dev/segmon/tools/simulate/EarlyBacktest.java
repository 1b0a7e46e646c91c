package dev.segmon.tools.simulate;

import dev.segmon.app.demo.SimulatedModel;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.estimate.EstimatedOverSegmentation;
import dev.segmon.model.estimate.RateMoments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * How close the early over-segmentation estimate (docs/contract.md 3.2) comes to the realised
 * one on real reference alignments: a simulated model ({@link SimulatedModel}) decodes every
 * utterance; rho is learnt from the references of the first {@code learn} utterances; then each
 * following block of {@code block} consecutive utterances gets the estimate the monitor would
 * export from its hypotheses alone ({@link EstimatedOverSegmentation#of}, the monitor's code) and
 * the over-segmentation its references give (n_hyp / n_ref - 1 from {@link BoundaryScorer}).
 * A trailing partial block is left out. Seeded: the same inputs give the same figures.
 */
public final class EarlyBacktest {
    private EarlyBacktest() {
    }

    /** One block: its estimate (with the 95 % interval) and the realised over-segmentation. */
    public record Block(int firstUtterance, EstimatedOverSegmentation estimate, double realised) {
        public double error() {
            return estimate.value() - realised;
        }

        public boolean covered() {
            return estimate.interval() != null && estimate.interval().contains(realised);
        }
    }

    /** rho's moments and the blocks, in order. */
    public record Result(RateMoments rho, List<Block> blocks) {
        public double meanAbsoluteError() {
            return blocks.stream().mapToDouble(b -> Math.abs(b.error())).average().orElse(Double.NaN);
        }

        public double maxAbsoluteError() {
            return blocks.stream().mapToDouble(b -> Math.abs(b.error())).max().orElse(Double.NaN);
        }

        public double meanError() {
            return blocks.stream().mapToDouble(Block::error).average().orElse(Double.NaN);
        }

        public double coverage() {
            return blocks.isEmpty() ? Double.NaN : (double) blocks.stream().filter(Block::covered).count() / blocks.size();
        }
    }

    public static Result run(List<PauseCuts.Cut> utterances, SimulatedModel model, int learn, int block,
            BoundaryScorer scorer, long seed) {
        if (learn < 1 || block < 1) {
            throw new IllegalArgumentException("learn and block need at least one utterance");
        }
        Random random = new Random(seed);
        RateMoments rho = RateMoments.ZERO;
        List<Block> blocks = new ArrayList<>();
        RateMoments hypothesis = RateMoments.ZERO;
        BoundaryCounts counts = BoundaryCounts.ZERO;
        int firstOfBlock = learn;
        for (int i = 0; i < utterances.size(); i++) {
            PauseCuts.Cut u = utterances.get(i);
            long[] hyp = model.hypothesize(u.boundaries(), Duration.ZERO, random);
            if (i < learn) {
                rho = rho.plus(RateMoments.of(u.boundaries().length, u.duration()));
                continue;
            }
            hypothesis = hypothesis.plus(RateMoments.of(hyp.length, u.duration()));
            counts = counts.plus(scorer.score(u.boundaries(), hyp));
            if (i + 1 - firstOfBlock == block) {
                EstimatedOverSegmentation est = EstimatedOverSegmentation.of(hypothesis, rho, EstimatedOverSegmentation.Z95);
                Double realised = counts.scores().overSegmentation();
                if (est != null && realised != null) {
                    blocks.add(new Block(firstOfBlock, est, realised));
                }
                hypothesis = RateMoments.ZERO;
                counts = BoundaryCounts.ZERO;
                firstOfBlock = i + 1;
            }
        }
        return new Result(rho, blocks);
    }
}
