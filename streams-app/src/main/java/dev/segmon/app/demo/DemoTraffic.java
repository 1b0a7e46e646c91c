package dev.segmon.app.demo;

import dev.segmon.app.replay.Ticker;
import dev.segmon.app.replay.TrafficSink;
import dev.segmon.app.wire.Declaration;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.Boundaries;
import dev.segmon.model.Micros;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The demo's live traffic: the corpus over and over, each utterance as every model's hypothesis
 * boundaries and {@code end} plus the reference, paced at a fixed number of utterances per second.
 * Ids carry the round ({@code r2-A08_0001}) so that each pass is new data for the monitor.
 *
 * <p>As in production, only a sample of the utterances gets a reference ({@link #referenceShare},
 * all by default): each is drawn at random, and every model's {@code end} declares whether a
 * reference will follow ({@code "reference": "expected"}) or none will ({@code "none"}). Every
 * third referenced utterance sends its reference before the hypotheses, the others after, because
 * the monitor must handle both orders (docs/contract.md 3.1). The randomness of utterance n and model
 * m comes from its own seed, so a given seed gives the same hypothesis for the same utterance
 * whatever came before it.
 *
 * <p>The hypotheses carry words (docs/contract.md 3.1). A model's boundaries cut the utterance into
 * intervals; an interval whose midpoint lies in a gold word becomes a hypothesis word with that
 * gold word's label (another word of the utterance with probability {@link #SUBSTITUTION}), and an
 * interval in a pause between gold words becomes no word. So an inserted boundary splits a word
 * into two copies (one insertion), a deleted one merges two words into one (a deletion), and a
 * regressing model's word error rate rises with its insertion rate. Words and the boundaries no
 * word touches are sent in time order, one per message, so the boundaries sent are exactly the
 * model's.
 *
 * <p>Every utterance is given a language, drawn from its own seed with the shares of
 * {@link #LANGUAGES}, and every model's {@code end} carries it as the label {@code "lang"}
 * (docs/slices.md): the languages are pretend (the audio is Mandarin throughout) and serve the
 * slices' demonstration.
 */
public final class DemoTraffic implements Runnable {
    public static final String TIER = "word";
    /** The label key of the utterances' language. */
    public static final String LANGUAGE_KEY = "lang";
    /** The languages and the share of the utterances each gets. */
    public static final Map<String, Double> LANGUAGES = languages();
    /** Chance that a hypothesis word carries another gold word of the utterance. */
    public static final double SUBSTITUTION = 0.02;

    private final List<DemoCorpus.Utterance> corpus;
    private final List<SimulatedModel> models;
    private final TrafficSink sink;
    private final double utterancesPerSecond;
    private final long seed;
    private final Ticker ticker;
    private String idPrefix = "";
    private double referenceShare = 1;
    private volatile boolean stopped;
    private volatile long sent;

    public DemoTraffic(List<DemoCorpus.Utterance> corpus, List<SimulatedModel> models, TrafficSink sink,
                       double utterancesPerSecond, long seed, Ticker ticker) {
        if (corpus.isEmpty() || models.isEmpty()) {
            throw new IllegalArgumentException("the demo needs a corpus and at least one model");
        }
        if (!(utterancesPerSecond > 0) || Double.isInfinite(utterancesPerSecond)) {
            throw new IllegalArgumentException("utterances per second must be a finite number > 0");
        }
        this.corpus = List.copyOf(corpus);
        this.models = List.copyOf(models);
        this.sink = sink;
        this.utterancesPerSecond = utterancesPerSecond;
        this.seed = seed;
        this.ticker = ticker;
    }

    /**
     * Puts {@code prefix} in front of every id, so that a second demo run on a kept data directory
     * sends new utterances rather than ones the monitor has already scored.
     */
    public DemoTraffic idPrefix(String prefix) {
        this.idPrefix = prefix;
        return this;
    }

    /** References for this share of the utterances (each drawn at random), declared "none" for the rest. */
    public DemoTraffic referenceShare(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("the reference share must be in [0, 1], not " + share);
        }
        this.referenceShare = share;
        return this;
    }

    /** Whether utterance {@code n} gets a reference: drawn from its own seed, so a given seed samples the same ones. */
    public boolean referenced(long n) {
        return referenceShare >= 1 || new Random(seedOf(n, -1)).nextDouble() < referenceShare;
    }

    /** The language of utterance {@code n}: drawn from its own seed, so a given seed labels the same ones. */
    public String language(long n) {
        double u = new Random(seedOf(n, -2)).nextDouble();
        String last = null;
        for (Map.Entry<String, Double> e : LANGUAGES.entrySet()) {
            last = e.getKey();
            u -= e.getValue();
            if (u < 0) {
                break;
            }
        }
        return last;
    }

    private static Map<String, Double> languages() {
        Map<String, Double> shares = new LinkedHashMap<>();
        shares.put("en", 0.4);
        shares.put("de", 0.3);
        shares.put("fr", 0.2);
        shares.put("ja", 0.1);
        return java.util.Collections.unmodifiableMap(shares);
    }

    /** Sends until {@link #stop()} or an interrupt. */
    @Override
    public void run() {
        long start = ticker.nanoTime();
        try {
            for (long n = 0; !stopped; n++) {
                long due = start + (long) (n * 1e9 / utterancesPerSecond);
                ticker.sleepUntil(due);
                if (stopped) {
                    break;
                }
                send(n, Duration.ofNanos(ticker.nanoTime() - start));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public void stop() {
        stopped = true;
    }

    /** Utterances sent so far. */
    public long sent() {
        return sent;
    }

    /** The id utterance {@code n} (0-based, counting across rounds) is sent under. */
    public String id(long n) {
        return idPrefix + "r" + (n / corpus.size() + 1) + "-" + corpus.get((int) (n % corpus.size())).id();
    }

    /** The reference boundaries of utterance {@code n}, sorted microseconds. */
    public long[] referenceBoundaries(long n) {
        return Boundaries.of(new Utterance.Segmented(id(n), words(n)), Set.of(), false);
    }

    /** Model {@code m}'s hypothesis for utterance {@code n} at {@code elapsed} demo time. */
    public long[] hypothesis(long n, int m, Duration elapsed) {
        return models.get(m).hypothesize(referenceBoundaries(n), language(n), elapsed, new Random(seedOf(n, m)));
    }

    /** Sends utterance {@code n}: every model's boundaries and end, and the reference if it is {@link #referenced}. */
    public void send(long n, Duration elapsed) {
        String id = id(n);
        boolean referenced = referenced(n);
        boolean referenceFirst = referenced && n % 3 == 0;
        if (referenceFirst) {
            sink.reference(id, TIER, words(n));
        }
        Declaration declared = referenced ? Declaration.EXPECTED : Declaration.NONE;
        Map<String, String> labels = Map.of(LANGUAGE_KEY, language(n));
        for (int m = 0; m < models.size(); m++) {
            String model = models.get(m).name();
            sendHypothesis(id, model, hypothesis(n, m, elapsed), words(n), new Random(~seedOf(n, m)));
            sink.end(id, model, TIER, duration(n), declared, labels);
        }
        if (referenced && !referenceFirst) {
            sink.reference(id, TIER, words(n));
        }
        sent++;
    }

    /** The words over {@code boundaries} (see the class comment) and the boundaries no word touches, in time order. */
    private void sendHypothesis(String id, String model, long[] boundaries, List<Segment> gold, Random random) {
        boolean[] touched = new boolean[boundaries.length];
        List<Segment> hypWords = new java.util.ArrayList<>(); // in time order
        for (int i = 0; i + 1 < boundaries.length; i++) {
            double from = Micros.seconds(boundaries[i]);
            double to = Micros.seconds(boundaries[i + 1]);
            String label = labelAt((from + to) / 2, gold);
            if (label == null) {
                continue;
            }
            if (random.nextDouble() < SUBSTITUTION) {
                label = gold.get(random.nextInt(gold.size())).label();
            }
            hypWords.add(new Segment(from, to, label));
            touched[i] = true;
            touched[i + 1] = true;
        }
        int w = 0;
        for (int i = 0; i < boundaries.length; i++) {
            // a word is sent when its start comes up, an untouched boundary in its place
            while (w < hypWords.size() && hypWords.get(w).start() <= Micros.seconds(boundaries[i])) {
                sink.words(id, model, TIER, List.of(hypWords.get(w++)));
            }
            if (!touched[i]) {
                sink.boundary(id, model, TIER, Micros.seconds(boundaries[i]));
            }
        }
    }

    /** The label of the gold word containing {@code t}, or null in a pause. */
    private static String labelAt(double t, List<Segment> gold) {
        for (Segment g : gold) {
            if (g.start() <= t && t < g.end()) {
                return g.label();
            }
        }
        return null;
    }

    /**
     * The audio's length, as the end message reports it. The corpus has no file lengths: the
     * reference's last end plus {@link #TRAILING_AUDIO_S}, as recorded audio runs on past the last
     * word, and a boundary the simulated noise puts just after the last word must still lie
     * within the audio (else the monitor refuses the duration as before_last_boundary).
     */
    public double duration(long n) {
        List<Segment> w = words(n);
        return (w.isEmpty() ? 0 : w.get(w.size() - 1).end()) + TRAILING_AUDIO_S;
    }

    /** Seconds of audio after the last word: over 30 standard deviations of the default jitter (8 ms). */
    static final double TRAILING_AUDIO_S = 0.25;

    private List<Segment> words(long n) {
        return corpus.get((int) (n % corpus.size())).words();
    }

    // SplitMix64's finaliser (Steele, Lea and Flood 2014) spreads (seed, n, m) over 64 bits so that
    // neighbouring utterances do not get correlated java.util.Random streams.
    private long seedOf(long n, int m) {
        long z = seed * 0x9E3779B97F4A7C15L + n * 0xBF58476D1CE4E5B9L + m * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
