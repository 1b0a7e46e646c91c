package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.replay.FakeTicker;
import dev.segmon.app.replay.RecordingSink;
import dev.segmon.app.replay.Replay;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.HitRule;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Per-tier tolerances and label-aware hits live (docs/contract.md 3.0, 3.1): by hand, and equal to eval on a real file. */
class TierTolerancesAndLabelHitsTest {
    static final Path MFA = Path.of("..", "model", "src", "test", "resources", "data", "textgrid", "mfa", "acoustic_corpus.TextGrid");

    private static String seg(double start, double end, String label) {
        return "{\"start\":" + start + ",\"end\":" + end + ",\"label\":\"" + label + "\"}";
    }

    private static String word(double start, double end, String w) {
        return "{\"start\":" + start + ",\"end\":" + end + ",\"word\":\"" + w + "\"}";
    }

    /**
     * Word tier: reference a [0, .5], b [.5, 1], c [1, 1.5]; hypothesis a [.01, .51], x [.51, .99],
     * c [.99, 1.6], sent as two messages. Phone tier: reference p [0, .2], q [.2, .5]; hypothesis
     * p [.03, .2], q [.2, .45].
     */
    private static void send(SegmonDriver d) {
        d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[" + seg(0, 0.5, "a") + "," + seg(0.5, 1.0, "b") + ","
                + seg(1.0, 1.5, "c") + "],\"final\":true}", 0);
        d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"phone\",\"segments\":[" + seg(0, 0.2, "p") + "," + seg(0.2, 0.5, "q")
                + "],\"final\":true}", 0);
        d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + word(0.01, 0.51, "a") + ","
                + word(0.51, 0.99, "x") + "]}", 1);
        d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + word(0.99, 1.6, "c") + "],\"end\":true}", 2);
        d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"phone\",\"words\":[" + word(0.03, 0.2, "p") + ","
                + word(0.2, 0.45, "q") + "],\"end\":true}", 3);
    }

    @Test
    void eachTierIsMatchedWithinItsOwnTolerance() throws Exception {
        // word=0.1: reference 0 .5 1 1.5 against hypothesis .01 .51 .99 1.6: offsets 10, 10, 10,
        // 100 ms, all within 100 ms: 4 hits. phone at the default 20 ms: 0 ~ .03 is 30 ms (no),
        // .2 ~ .2 (hit), .5 ~ .45 is 50 ms (no): 1 hit of 3.
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerances(Tolerances.parse("word=0.1")).maxDisorder(0.1))) {
            send(d);
            assertEquals(BoundaryCounts.oneToOne(4, 4, 4), d.totals("m", "word").counts());
            assertEquals(BoundaryCounts.oneToOne(3, 3, 1), d.totals("m", "phone").counts());
            String scores = String.join("\n", d.scoreValues());
            assertTrue(scores.contains("\"tier\":\"word\"") && scores.contains("\"tolerance\":0.1"), scores);
            assertTrue(scores.contains("\"tolerance\":0.02"), scores);
        }
    }

    @Test
    void labelAwareHitsNeedTheWordsOnEitherSideToAgree() throws Exception {
        // Word tier, 100 ms: of the 4 time pairs, 0 ~ .01 (only after: a = a) and 1.5 ~ 1.6 (only
        // before: c = c) agree; .5 ~ .51 has b != x after, 1 ~ .99 has b != x before: 2 hits.
        // The first message is decided before the end mark (max disorder 0.1 s: frontier .89), so
        // the rule runs on pairs decided mid-utterance as well as at the close.
        // Phone tier, 20 ms: the one pair .2 ~ .2 has p = p before and q = q after: 1 hit.
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerances(Tolerances.parse("word=0.1"))
                .hitRule(HitRule.LABEL).maxDisorder(0.1))) {
            send(d);
            assertEquals(BoundaryCounts.oneToOne(4, 4, 2), d.totals("m", "word").counts());
            assertEquals(BoundaryCounts.oneToOne(3, 3, 1), d.totals("m", "phone").counts());
        }
    }

    @Test
    void realAlignmentShiftedBy15msWithSubstitutionsScoresLiveAsEval() throws Exception {
        List<Utterance> words = read("words");
        List<Utterance> phones = read("phones");
        // The hypothesis: every time 15 ms late, every fourth labelled word replaced by "x".
        List<Utterance> hypWords = List.of(shifted(words.get(0), 0.015, 4));
        List<Utterance> hypPhones = List.of(shifted(phones.get(0), 0.015, 0));
        Tolerances tolerances = Tolerances.parse("word=0.02,phone=0.01");
        for (HitRule rule : HitRule.values()) {
            BoundaryCounts wordOffline = offline(rule, tolerances.seconds("word"), words, hypWords);
            BoundaryCounts phoneOffline = offline(rule, tolerances.seconds("phone"), phones, hypPhones);
            try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerances(tolerances).hitRule(rule)
                    .ignoreLabels(Set.of()).referenceMaxDelay(Duration.ofHours(1)))) {
                replay(d, "word", words, hypWords);
                replay(d, "phone", phones, hypPhones);
                assertEquals(wordOffline, d.totals("asr", "word").counts(), rule + " word");
                assertEquals(phoneOffline, d.totals("asr", "phone").counts(), rule + " phone");
                // Every word hit is the same boundary 15 ms late (to the microsecond the times round to).
                assertEquals(0.015, LiveIntervalsTest.gauge(d.scrape(), "segmon_boundary_offset_bias_seconds",
                        "model=\"asr\",tier=\"word\",window=\"cumulative\""), 1e-6, rule + " word bias");
            }
            long n = boundaries(words.get(0)).size();
            assertEquals(n, wordOffline.reference());
            if (rule == HitRule.TIME) {
                // Every word boundary moved 15 ms, within 20 ms: each pairs with its own copy.
                assertEquals(n, wordOffline.hits());
            } else {
                assertEquals(labelHitsByHand(words.get(0), 4), wordOffline.hits());
            }
            assertTrue(phoneOffline.hits() < phoneOffline.reference() / 4, "15 ms is outside the phones' 10 ms");
        }
    }

    private static BoundaryCounts offline(HitRule rule, double tolerance, List<Utterance> ref, List<Utterance> hyp) {
        return BoundaryScorer.builder().tolerance(tolerance).hitRule(rule).build()
                .score(new UtteranceList("ref", ref), new UtteranceList("hyp", hyp)).counts();
    }

    static void replay(SegmonDriver d, String tier, List<Utterance> ref, List<Utterance> hyp) throws Exception {
        RecordingSink sink = new RecordingSink();
        Replay.builder().model("asr").tier(tier).ignoreLabels(Set.of()).ticker(new FakeTicker()).build()
                .run(new UtteranceList("ref", ref), new UtteranceList("hyp", hyp), sink);
        long ts = 0;
        for (RecordingSink.Sent s : sink.sent) {
            ts += 1_000;
            if (s.topic().equals("h")) {
                d.hyp(s.key(), s.json(), ts);
            } else {
                d.ref(s.key(), s.json(), ts);
            }
        }
    }

    static List<Utterance> read(String tier) {
        List<Utterance> out = new ArrayList<>();
        UtteranceReaders.open(MFA, new ReadOptions(null, tier)).forEachRemaining(out::add);
        return out;
    }

    /** Every segment {@code by} seconds later; with {@code every} > 0, every every-th labelled segment relabelled "x". */
    static Utterance shifted(Utterance u, double by, int every) {
        List<Segment> out = new ArrayList<>();
        int labelled = 0;
        for (Segment s : ((Utterance.Segmented) u).segments()) {
            boolean replace = !s.label().isEmpty() && every > 0 && ++labelled % every == 0;
            out.add(new Segment(s.start() + by, s.end() + by, replace ? "x" : s.label()));
        }
        return new Utterance.Segmented(u.id(), out);
    }

    /** The labels before and after each boundary time, in order (microseconds; "" for none). */
    static TreeMap<Long, String[]> boundaries(Utterance u) {
        TreeMap<Long, String[]> sides = new TreeMap<>();
        for (Segment s : ((Utterance.Segmented) u).segments()) {
            sides.computeIfAbsent(Math.round(s.start() * 1e6), t -> new String[] {"", ""})[1] = s.label();
            sides.computeIfAbsent(Math.round(s.end() * 1e6), t -> new String[] {"", ""})[0] = s.label();
        }
        return sides;
    }

    /**
     * The label-aware hits of the shifted copy, counted from the segment list: a boundary is a hit
     * unless no side has a word, or a side's word was replaced (the same segment order on both sides).
     */
    private static long labelHitsByHand(Utterance u, int every) {
        Set<String> replaced = new java.util.HashSet<>();
        int labelled = 0;
        for (Segment s : ((Utterance.Segmented) u).segments()) {
            if (!s.label().isEmpty() && ++labelled % every == 0) {
                replaced.add(Math.round(s.start() * 1e6) + "/" + Math.round(s.end() * 1e6));
            }
        }
        long hits = 0;
        List<Segment> segs = ((Utterance.Segmented) u).segments();
        for (var e : boundaries(u).entrySet()) {
            long t = e.getKey();
            boolean anyWord = !e.getValue()[0].isEmpty() || !e.getValue()[1].isEmpty();
            boolean touchesReplaced = segs.stream().anyMatch(s -> (Math.round(s.start() * 1e6) == t || Math.round(s.end() * 1e6) == t)
                    && replaced.contains(Math.round(s.start() * 1e6) + "/" + Math.round(s.end() * 1e6)));
            if (anyWord && !touchesReplaced) {
                hits++;
            }
        }
        return hits;
    }
}
