package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import dev.segmon.model.boundary.BoundaryCounts;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A seeded corpus written as the two JSONL files {@code segmon replay} and {@code segmon eval
 * boundaries} read: a reference of word segments ({@code ref.jsonl}) and one model's boundaries
 * ({@code hyp.jsonl}). The model keeps each reference boundary with probability 0.9, moves it by
 * Gaussian noise of 15 ms sd (so some hits fall outside the 20 ms tolerance), and adds a spurious
 * boundary after 10 % of the words; 2 % of the ids are in the reference only and 2 % in the
 * hypothesis only (replay completes them with an empty other side, as eval pairs them).
 *
 * <p>The expected totals are never computed here: {@link #offline()} runs {@code segmon eval
 * boundaries --json} (the offline {@code BoundaryScorer}) on the same two files.
 *
 * @param ref       the reference file
 * @param hyp       the hypothesis file
 * @param events    how many messages {@code segmon replay} sends for it: hypothesis boundaries,
 *                  one {@code end} and one reference per utterance
 */
record FaultCorpus(Path ref, Path hyp, long events) {

    /** Writes about {@code targetEvents} replay messages' worth of utterances of 5 to 64 words under {@code dir}. */
    static FaultCorpus write(Path dir, String prefix, long targetEvents, long seed) throws IOException {
        return write(dir, prefix, targetEvents, seed, 5, 64);
    }

    /**
     * As {@link #write(Path, String, long, long)} with utterances of {@code minWords} to {@code
     * maxWords} words: fewer words make more utterances of the same number of messages (1-3 words:
     * about 5 messages per utterance instead of 37).
     */
    static FaultCorpus write(Path dir, String prefix, long targetEvents, long seed, int minWords, int maxWords) throws IOException {
        Files.createDirectories(dir);
        Path ref = dir.resolve("ref.jsonl");
        Path hyp = dir.resolve("hyp.jsonl");
        Random rnd = new Random(seed);
        long events = 0;
        try (BufferedWriter r = Files.newBufferedWriter(ref, StandardCharsets.UTF_8);
             BufferedWriter h = Files.newBufferedWriter(hyp, StandardCharsets.UTF_8)) {
            for (int u = 0; events < targetEvents; u++) {
                String id = prefix + u;
                int kind = rnd.nextInt(50); // 0: reference only, 1: hypothesis only
                List<Double> bounds = new ArrayList<>();
                StringBuilder segs = new StringBuilder();
                double t = rnd.nextInt(200) / 1000.0;
                int words = minWords + rnd.nextInt(maxWords - minWords + 1);
                for (int w = 0; w < words; w++) {
                    double end = t + (60 + rnd.nextInt(500)) / 1000.0;
                    segs.append(w == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"start\":%.3f,\"end\":%.3f,\"label\":\"w%d\"}", t, end, w));
                    if (w == 0) {
                        bounds.add(t);
                    }
                    bounds.add(end);
                    t = end;
                }
                StringBuilder hb = new StringBuilder();
                int n = 0;
                for (double b : bounds) {
                    if (rnd.nextDouble() < 0.9) {
                        double x = Math.max(0, b + rnd.nextGaussian() * 0.015);
                        hb.append(n++ == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", x));
                    }
                    if (rnd.nextDouble() < 0.1) {
                        hb.append(n++ == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", b + 0.03 + rnd.nextDouble() * 0.2));
                    }
                }
                if (kind != 1) {
                    r.write("{\"id\":\"" + id + "\",\"segments\":[" + segs + "]}\n");
                }
                if (kind != 0) {
                    h.write("{\"id\":\"" + id + "\",\"boundaries\":[" + hb + "]}\n");
                }
                // Upper bound: replay sends distinct times only (a few noisy ones may coincide).
                events += (kind == 0 ? 0 : n) + 2;
            }
        }
        return new FaultCorpus(ref, hyp, events);
    }

    /** What {@code eval boundaries} says of the corpus: the totals and the number of utterances (ids on either side). */
    record Offline(BoundaryCounts counts, long utterances) {
    }

    /**
     * {@code segmon eval boundaries --ref ref --hyp hyp --unreferenced score-empty --json}: the offline
     * totals. The hypothesis-only ids are replayed with an empty reference ({@link #replay}), which
     * the monitor scores; eval scores them the same way with {@code score-empty}.
     */
    Offline offline() {
        CliRun run = CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(), "--unreferenced", "score-empty",
                "--json");
        assertEquals(0, run.exit(), run.err());
        JsonNode j = run.json();
        return new Offline(BoundaryCounts.oneToOne(j.get("n_ref").asLong(), j.get("n_hyp").asLong(), j.get("hits").asLong()),
                j.get("utterances").asLong());
    }

    /**
     * {@code segmon replay} of the corpus as {@code model} onto {@code app}'s topics, each id of one
     * side completed with an empty other side so that every utterance closes without waiting for
     * expiry; its summary line.
     */
    CliRun replay(String bootstrap, String app, String model, String... extra) {
        List<String> args = new ArrayList<>(List.of("replay", "--bootstrap-servers", bootstrap, "--ref", ref.toString(),
                "--hyp", hyp.toString(), "--model", model, "--hypotheses-topic", app + ".hyp", "--references-topic", app + ".ref",
                "--unreferenced", "score-empty", "--json"));
        args.addAll(List.of(extra));
        return CliRun.of(args.toArray(String[]::new));
    }
}
