package dev.segmon.model.detection;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A single model's pre-change level of its linearised value u (docs/detection.md): the mean of u
 * over the learning period (0, by the choice of R0) and every later utterance learned, which is an
 * utterance seen while no change was suspected, learned a block late. The quiet utterances of the
 * block being filled and of the block before it are held back; when the current block is complete
 * the one before joins the baseline, if no change is suspected then, or is dropped. A change's
 * first utterances are thus never learned while the statistic is still climbing toward its
 * threshold (one to two blocks: longer than a small change takes to be called). A reference
 * estimated from a window that ends a lag before the present is the usual guard against a
 * reference that absorbs the change it watches for (Basseville and Nikiforov 1993, "Detection of
 * Abrupt Changes", on the change between two windows; Lai 1995, JRSS B 57, on window-limited
 * detection).
 */
final class DelayedBaseline {
    private final long learned;
    private double sum;
    private long count;
    private double blockSum;
    private long blockCount;
    private double heldSum;
    private long heldCount;
    private long blockUtterances;

    /** @param learned the utterances of the learning period, whose mean u is 0 */
    DelayedBaseline(long learned) {
        this.learned = learned;
    }

    double level() {
        return sum / (learned + count);
    }

    /**
     * One utterance's u; {@code quiet}: no change is suspected now. True when a block of
     * {@code block} utterances closed (its predecessor learned if quiet, else dropped).
     */
    boolean observe(double u, boolean quiet, long block) {
        if (quiet) {
            blockSum += u;
            blockCount++;
        }
        if (++blockUtterances < block) {
            return false;
        }
        if (quiet) {
            sum += heldSum;
            count += heldCount;
        }
        heldSum = blockSum;
        heldCount = blockCount;
        blockSum = 0;
        blockCount = 0;
        blockUtterances = 0;
        return true;
    }

    void write(DataOutput out) throws IOException {
        out.writeDouble(sum);
        out.writeLong(count);
        out.writeDouble(blockSum);
        out.writeLong(blockCount);
        out.writeDouble(heldSum);
        out.writeLong(heldCount);
        out.writeLong(blockUtterances);
    }

    /** Reads what {@link #write} wrote; {@code earlierLayout}: only the learned sum and count, nothing held back. */
    static DelayedBaseline read(long learned, DataInput in, boolean earlierLayout) throws IOException {
        DelayedBaseline b = new DelayedBaseline(learned);
        b.sum = in.readDouble();
        b.count = in.readLong();
        if (!earlierLayout) {
            b.blockSum = in.readDouble();
            b.blockCount = in.readLong();
            b.heldSum = in.readDouble();
            b.heldCount = in.readLong();
            b.blockUtterances = in.readLong();
        }
        return b;
    }
}
