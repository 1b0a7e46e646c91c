package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.ReferenceHead;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.ReferenceState;
import java.util.List;

/** How hypothesis and reference states split into heads and parts ({@link PartLog}). */
final class StateLayouts {
    private StateLayouts() {
    }

    static final PartLog.Layout<HypothesisKey, HypothesisState, HypothesisHead, HypothesisPart> HYPOTHESIS = new PartLog.Layout<>() {
        @Override
        public HypothesisPart empty() {
            return HypothesisPart.EMPTY;
        }

        @Override
        public HypothesisPart plus(HypothesisPart a, HypothesisPart b) {
            return a.plus(b);
        }

        @Override
        public int units(HypothesisPart part) {
            return part.units();
        }

        @Override
        public int seal() {
            return HypothesisHead.SEAL;
        }

        @Override
        public HypothesisHead head(HypothesisState state, int parts, HypothesisPart tail) {
            return HypothesisHead.of(state, parts, tail);
        }

        @Override
        public int parts(HypothesisHead head) {
            return head.parts();
        }

        @Override
        public HypothesisPart tail(HypothesisHead head) {
            return head.tail();
        }

        @Override
        public HypothesisState rebuild(HypothesisHead head, List<HypothesisPart> sealed) {
            return head.with(sealed);
        }

        @Override
        public boolean settled(HypothesisState state) {
            return state.closed(); // until it is forgotten
        }

        @Override
        public boolean dropsParts(HypothesisState state) {
            return state.closed();
        }

        @Override
        public Object partKey(HypothesisKey key, int seq) {
            return key.part(seq);
        }
    };

    static final PartLog.Layout<UtteranceTier, ReferenceState, ReferenceHead, ReferencePart> REFERENCE = new PartLog.Layout<>() {
        @Override
        public ReferencePart empty() {
            return ReferencePart.EMPTY;
        }

        @Override
        public ReferencePart plus(ReferencePart a, ReferencePart b) {
            return a.plus(b);
        }

        @Override
        public int units(ReferencePart part) {
            // Spans count too: a chunk of segments without times cannot exist, but a span must never be dropped.
            return part.units() + part.spans().length;
        }

        @Override
        public int seal() {
            return ReferenceHead.SEAL;
        }

        @Override
        public ReferenceHead head(ReferenceState state, int parts, ReferencePart tail) {
            return ReferenceHead.of(state, parts, tail);
        }

        @Override
        public int parts(ReferenceHead head) {
            return head.parts();
        }

        @Override
        public ReferencePart tail(ReferenceHead head) {
            return head.tail();
        }

        @Override
        public ReferenceState rebuild(ReferenceHead head, List<ReferencePart> sealed) {
            return head.with(sealed);
        }

        @Override
        public boolean settled(ReferenceState state) {
            // Complete and seen by its hypotheses: nothing changes it until it expires.
            return state.boundaries().complete() && state.hypothesized();
        }

        @Override
        public boolean dropsParts(ReferenceState state) {
            return false; // every model is scored against it until it expires
        }

        @Override
        public Object partKey(UtteranceTier key, int seq) {
            return key.part(seq);
        }
    };
}
