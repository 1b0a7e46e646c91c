package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.cli.CliRun;
import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.edit.EditScorer;
import dev.segmon.model.edit.NedCounts;
import dev.segmon.model.edit.Transcript;
import dev.segmon.model.edit.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 1 (docs/faults.md) with words: {@code segmon replay} sends the Mandarin gold words
 * ({@code mandarin.wrd}, 12 utterances of up to 3 000 words) as the reference and a seeded
 * perturbed copy (words deleted, relabelled, split in two) as a model's words, while {@code segmon
 * run} in a child JVM is killed with SIGKILL and restarted on the same state directory. Once
 * everything is processed the scraped word counters equal {@link EditScorer#wer} at unit costs and
 * {@link EditScorer#ned} (what {@code eval wer} / {@code eval ned} run) on the two files' transcripts,
 * read here line by line, exactly (the NED sum to 1e-9), and stay there.
 */
class WordsKillDuringReplayFaultTest {
    private static final Path WORDS = Path.of("../model/src/test/resources/data/zr17-mandarin/mandarin.wrd");

    @TempDir
    Path tmp;

    private record Line(String file, double onset, double offset, String word) {
    }

    @Test
    void wordTotalsEqualEvalWerAfterKillNineAndRestart() throws Exception {
        int kills = Integer.getInteger("segmon.faults.kills", 2);
        long seed = Long.getLong("segmon.faults.seed", 20261123L);
        List<Line> gold = read(Files.readAllLines(WORDS.toAbsolutePath().normalize(), StandardCharsets.UTF_8));
        List<Line> perturbed = perturb(gold, new Random(seed));
        Path ref = tmp.resolve("ref.wrd");
        Path hyp = tmp.resolve("hyp.wrd");
        write(ref, gold);
        write(hyp, perturbed);

        Vocabulary vocabulary = new Vocabulary(false);
        List<Transcript> refT = transcripts(gold, vocabulary);
        List<Transcript> hypT = transcripts(perturbed, vocabulary);
        EditCounts expected = EditScorer.wer(refT, hypT, EditCosts.UNIT).counts();
        NedCounts expectedNed = EditScorer.ned(refT, hypT).counts();
        long hypBoundaries = perturbed.stream().flatMap(l -> java.util.stream.Stream.of(l.file + " " + l.onset, l.file + " " + l.offset))
                .collect(java.util.stream.Collectors.toSet()).size();

        String bootstrap = SegmonProcess.sharedBroker().bootstrapServers();
        String app = "words" + seed;
        MonitorIntegrationTest.createTopics(bootstrap, app, 2);
        Path state = Files.createDirectories(tmp.resolve("state"));
        CompletableFuture<CliRun> replay = CompletableFuture.supplyAsync(() -> CliRun.of("replay", "--bootstrap-servers", bootstrap,
                "--ref", ref.toString(), "--hyp", hyp.toString(), "--model", "m", "--hypotheses-topic", app + ".hyp",
                "--references-topic", app + ".ref", "--json", "--rate", "1000"));
        Random rnd = new Random(seed);
        for (int k = 1; k <= kills; k++) {
            try (SegmonProcess child = SegmonProcess.monitor(tmp.resolve("monitor.log"), bootstrap, app, state)) {
                Scrapes.awaitReady(child.metricsPort());
                long target = (long) ((0.1 + 0.8 * k / (kills + 1.0)) * hypBoundaries);
                long waitStart = System.nanoTime();
                while (child.isAlive() && Scrapes.counts(child.metricsPort()).hypothesis() < target
                        && System.nanoTime() - waitStart < 600_000_000_000L) {
                    Thread.sleep(100);
                }
                Thread.sleep(rnd.nextInt(2_000));
                child.kill();
                System.out.printf("words: kill %d at %d of %d hypothesis boundaries%n", k, target, hypBoundaries);
            }
        }
        try (SegmonProcess last = SegmonProcess.monitor(tmp.resolve("monitor.log"), bootstrap, app, state)) {
            CliRun sent = replay.get();
            assertEquals(0, sent.exit(), sent.err());
            long start = System.nanoTime();
            String text = "";
            while (System.nanoTime() - start < 600_000_000_000L) {
                text = MonitorIntegrationTest.scrape(last.metricsPort());
                if (sum(text, "segmon_word_scored_utterances_total") >= refT.size()) {
                    break;
                }
                Thread.sleep(500);
            }
            Thread.sleep(2_000); // and they stay there: nothing is counted twice later
            text = MonitorIntegrationTest.scrape(last.metricsPort());
            System.out.printf("words after %d kills: expected %s, NED %s; replay %s%n", kills, expected, expectedNed, sent.out().strip());
            assertEquals(expected, new EditCounts(Math.round(sum(text, "segmon_word_substitutions_total")),
                    Math.round(sum(text, "segmon_word_insertions_total")), Math.round(sum(text, "segmon_word_deletions_total")),
                    Math.round(sum(text, "segmon_reference_words_total"))));
            assertEquals(expectedNed.utterances(), Math.round(sum(text, "segmon_word_scored_utterances_total")));
            assertEquals(expectedNed.distanceSum(), sum(text, "segmon_word_ned_sum_total"), 1e-9);
            assertEquals(0, Scrapes.sum(text, "segmon_dead_letters_total", null, null), "no record refused");
        }
    }

    private static double sum(String text, String name) {
        double sum = 0;
        for (PrometheusText.Sample s : PrometheusText.parse(text)) {
            if (s.name().equals(name) && "m".equals(s.label("model"))) {
                sum += s.value();
            }
        }
        return sum;
    }

    private static List<Line> read(List<String> lines) {
        List<Line> out = new ArrayList<>();
        for (String l : lines) {
            String[] f = l.strip().split("\\s+");
            if (f.length == 4) {
                out.add(new Line(f[0], Double.parseDouble(f[1]), Double.parseDouble(f[2]), f[3]));
            }
        }
        return out;
    }

    /** Per word: 4 % deleted, 4 % relabelled with the word before it, 4 % split in two halves of the same word. */
    private static List<Line> perturb(List<Line> gold, Random rnd) {
        List<Line> out = new ArrayList<>();
        String previous = "啊";
        for (Line l : gold) {
            double u = rnd.nextDouble();
            if (u < 0.04) {
                // deleted
            } else if (u < 0.08) {
                out.add(new Line(l.file, l.onset, l.offset, previous));
            } else if (u < 0.12 && l.offset - l.onset >= 0.002) {
                double mid = Math.round((l.onset + l.offset) / 2 * 10_000) / 10_000.0;
                out.add(new Line(l.file, l.onset, mid, l.word));
                out.add(new Line(l.file, mid, l.offset, l.word));
            } else {
                out.add(l);
            }
            previous = l.word;
        }
        return out;
    }

    private static void write(Path path, List<Line> lines) throws Exception {
        StringBuilder b = new StringBuilder();
        for (Line l : lines) {
            b.append(String.format(Locale.ROOT, "%s %s %s %s%n", l.file, l.onset, l.offset, l.word));
        }
        Files.writeString(path, b.toString(), StandardCharsets.UTF_8);
    }

    /** Kaldi text's view: per file, the words in time order. */
    private static List<Transcript> transcripts(List<Line> lines, Vocabulary vocabulary) {
        Map<String, List<Line>> byFile = new LinkedHashMap<>();
        for (Line l : lines) {
            byFile.computeIfAbsent(l.file, f -> new ArrayList<>()).add(l);
        }
        List<Transcript> out = new ArrayList<>();
        byFile.forEach((file, ls) -> {
            ls.sort(java.util.Comparator.comparingDouble(Line::onset));
            out.add(new Transcript(file, ls.stream().mapToInt(l -> vocabulary.intern(l.word)).toArray(), 0));
        });
        return out;
    }
}
