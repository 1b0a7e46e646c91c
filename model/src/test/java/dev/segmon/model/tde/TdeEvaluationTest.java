package dev.segmon.model.tde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.io.ClassFileReader;
import dev.segmon.model.io.InputException;
import dev.segmon.model.io.IntervalBlock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-computed term-discovery measures on a tiny corpus. Every figure was also produced by
 * bootphon/tdev2 (commit 0361afd) through docs/tools/tdev2/run_tdev2.py on the same files
 * ({@code --contract} for the contract's figures, without it for tdev2's own), e.g.
 * {@code PYTHONPATH=tdev2:docs/tools/tdev2 python3 docs/tools/tdev2/run_tdev2.py tiny.phn tiny.wrd whole.class}.
 *
 * <pre>
 * file a: SIL 0-.1 | k .1-.2  a .2-.3  t .3-.4 | SIL .4-.5 | k .5-.6  a .6-.7  t .7-.8 | d .8-.85  o .85-1.0  g 1.0-1.1
 *         words:      kat .1-.4                             kat .5-.8                    dog .8-1.1
 * file b: k 0-.1  a .1-.2  t .2-.3   word kat 0-.3
 * file c: the same as b (identical timings in another file)
 * </pre>
 * Gold: 5 words, 2 word types, 15 phones that are not SIL, 9 distinct word boundaries
 * (a: .1 .4 .5 .8 1.1; b: 0 .3; c: 0 .3).
 */
class TdeEvaluationTest {
    private static final double EPS = 1e-12;

    @TempDir
    Path dir;
    private GoldAlignment gold;

    @BeforeEach
    void writeGold() throws IOException {
        Path phn = write("tiny.phn", """
                a 0.00 0.10 SIL
                a 0.10 0.20 k
                a 0.20 0.30 a
                a 0.30 0.40 t
                a 0.40 0.50 SIL
                a 0.50 0.60 k
                a 0.60 0.70 a
                a 0.70 0.80 t
                a 0.80 0.85 d
                a 0.85 1.00 o
                a 1.00 1.10 g
                b 0.00 0.10 k
                b 0.10 0.20 a
                b 0.20 0.30 t
                c 0.00 0.10 k
                c 0.10 0.20 a
                c 0.20 0.30 t
                """);
        Path wrd = write("tiny.wrd", """
                a 0.00 0.10 SIL
                a 0.10 0.40 kat
                a 0.50 0.80 kat
                a 0.80 1.10 dog
                b 0.00 0.30 kat
                c 0.00 0.30 kat
                """);
        gold = GoldAlignment.read(phn, wrd);
    }

    @Test
    void everyMeasureOfTwoClassesByHand() throws IOException {
        // fragments: a .1-.4 = k a t, b 0-.3 = k a t, a .5-.8 = k a t, a .8-1.1 = d o g
        TdeResult r = score("""
                Class 1
                a 0.1 0.4
                b 0.0 0.3

                Class 2
                a 0.5 0.8
                a 0.8 1.1
                """);
        // token: each fragment is exactly a gold word with its phones: 4 hits / 4 fragments / 5 words
        assertEquals(new Retrieval(4, 4, 5), r.token());
        assertEquals(8.0 / 9, r.token().fscore(), EPS); // 2*4 / (4+5)
        // type: strings {kat, dog} all hit / 2 seen / 2 spellings
        assertEquals(new Retrieval(2, 2, 2), r.type());
        // boundary: found a{.1 .4 .5 .8 1.1} b{0 .3} = 7, all gold; gold 9
        assertEquals(new Retrieval(7, 7, 9), r.boundary());
        // grouping: found-pair tokens = all 4 (both classes have two fragments);
        // gold pairs: kat occurs in files a and b, so a.1, b0, a.5 each have a partner: 3;
        // found and gold: class 1 (a.1, b0: kat in two files) = 2; class 2 mixes kat and dog = 0
        assertEquals(new Retrieval(2, 4, 3), r.grouping());
        assertEquals(0.5, r.grouping().precision(), EPS);
        assertEquals(2.0 / 3, r.grouping().recall(), EPS);
        assertEquals(4.0 / 7, r.grouping().fscore(), EPS); // 2PR/(P+R) = (2/3)/(7/6)
        // NED: class 1 kat/kat = 0, class 2 kat/dog = 3/3 = 1; mean over 2 pairs
        assertEquals(2, r.pairs());
        assertEquals(0.5, r.ned(), EPS);
        // coverage: 12 non-SIL phones kept (a: 9, b: 3) of 15
        assertEquals(0.8, r.coverage(), EPS);
    }

    @Test
    void exactHalfOfAShortPhoneIsKeptWhereTdev2DropsIt() throws IOException {
        // a .5-.825 ends 25 ms into d (.80-.85, 50 ms < 60 ms): overlap = exactly half, kept:
        // k a t d. In doubles (0.825-0.8)/(0.85-0.8) = 0.4999999999999989 and tdev2 drops d.
        String classes = """
                Class 1
                a 0.5 0.825
                a 0.1 0.4
                """;
        TdeResult r = score(classes);
        // token: a.5 overlaps kat .5-.8 (300/300 of it) and dog (25/300): kat, whose k a t != k a t d;
        // a.1 hits kat: 1 hit / 2 fragments / 5 words
        assertEquals(new Retrieval(1, 2, 5), r.token());
        // type: seen {katd, kat}, hit {kat}, 2 spellings
        assertEquals(new Retrieval(1, 2, 2), r.type());
        // boundary: found .5 .85 .1 .4 (4), hits .5 .1 .4 (3), gold 9
        assertEquals(new Retrieval(3, 4, 9), r.boundary());
        // grouping: 2 found tokens, no gold pair (two different strings): P 0, R undefined
        assertEquals(new Retrieval(0, 2, 0), r.grouping());
        assertNull(r.grouping().recall());
        // NED k a t d / k a t = 1/4
        assertEquals(0.25, r.ned(), EPS);
        // coverage 7/15
        assertEquals(7.0 / 15, r.coverage(), EPS);

        // tdev2's figures (run_tdev2.py without --contract): a.5 becomes k a t, a token hit
        TdeResult t = tdev2(classes);
        assertEquals(new Retrieval(2, 2, 5), t.token());
        assertEquals(new Retrieval(1, 1, 2), t.type());
        assertEquals(new Retrieval(4, 4, 9), t.boundary()); // tdev2: P 1.0, R 0.444
        assertEquals(new Retrieval(2, 2, 2), t.grouping());
        assertEquals(0.0, t.ned(), EPS);
        assertEquals(6.0 / 15, t.coverage(), EPS);
    }

    @Test
    void identicalTimingsInTwoFilesAreTwoTokens() throws IOException {
        // b 0-.3 and c 0-.3 snap to the same phone timings in two files; a .8-1.1 is dog
        String classes = """
                Class 1
                b 0.0 0.3
                c 0.0 0.3
                a 0.8 1.1
                """;
        // found-pair tokens b, c, a.8 = 3; gold pair (b, c) in two files: found and gold = 2
        assertEquals(new Retrieval(2, 3, 2), score(classes).grouping());
        // tdev2 keys a token by its phone timings only: b and c are one token, so 1 / 2 and 1 / 1
        // (tdev2 prints precision 0.5, recall 1.0)
        assertEquals(new Retrieval(1, 2, 1), tdev2(classes).grouping());
    }

    @Test
    void overlappingFragmentsOfOneFileAreNoGoldPairAndShareTheirSnappedToken() throws IOException {
        // a .1-.4 and a .12-.4 both snap to k a t (k: 80 ms of 100 >= 30 ms) with the same phones:
        // one token; they overlap in one file, so no gold pair: P 0/1, R undefined
        TdeResult r = score("""
                Class 1
                a 0.1 0.4
                a 0.12 0.4
                """);
        assertEquals(new Retrieval(0, 1, 0), r.grouping());
        assertEquals(1, r.pairs());
        assertEquals(0.0, r.ned(), EPS);
    }

    @Test
    void nonOverlappingSameStringFragmentsOfOneFileFormAGoldPair() throws IOException {
        TdeResult r = score("""
                Class 1
                a 0.1 0.4
                a 0.5 0.8
                """);
        assertEquals(new Retrieval(2, 2, 2), r.grouping());
    }

    @Test
    void aFragmentThatKeepsNoPhoneIsDroppedFromEveryMeasure() throws IOException {
        // a .175-.2 overlaps k (100 ms) by 25 ms < 30 ms: no phone; a 2-3 is past every phone
        TdeResult r = score("""
                Class 1
                a 0.175 0.2
                a 2.0 3.0
                a 0.1 0.4
                """);
        assertEquals(new Retrieval(1, 1, 5), r.token());
        assertEquals(0, r.pairs());
        assertNull(r.ned());
        assertEquals(new Retrieval(0, 0, 0), r.grouping());
    }

    @Test
    void thirtyMillisecondsAreMeasuredOnTheRoundedOverlap() throws IOException {
        // a .1705-.4: 29.5 ms of k (100 ms); tdev2 rounds the overlap to 3 decimals (0.030), kept
        TdeResult r = score("""
                Class 1
                a 0.1705 0.4
                """);
        assertEquals(new Retrieval(1, 1, 5), r.token());
        // a .1706-.4: 29.4 ms rounds to 0.029: k dropped, a t is no word
        assertEquals(new Retrieval(0, 1, 5), score("Class 1\na 0.1706 0.4\n").token());
    }

    @Test
    void nedRemovesSilenceAndWeighsEqualStringsByTheirPairs() throws IOException {
        // a 0-.4 keeps SIL k a t (SIL 100 ms fully overlapped): without SIL it equals k a t.
        // Class of {SIL k a t, k a t, k a t, d o g}: 6 pairs; NED 1 for the 3 pairs with dog
        TdeResult r = score("""
                Class 1
                a 0.0 0.4
                b 0.0 0.3
                c 0.0 0.3
                a 0.8 1.1
                """);
        assertEquals(6, r.pairs());
        assertEquals(0.5, r.ned(), EPS);
    }

    @Test
    void boundariesCountEachFileAndTimeOnce() throws IOException {
        // a .1-.4 and a .4-.8 (SIL k a t): onsets .1 .4, offsets .4 .8: found {.1 .4 .8} = 3;
        // hits: .1 (gold onset), .4 (offset .4 is a gold offset), .8 (gold offset) = 3
        TdeResult r = score("""
                Class 1
                a 0.1 0.4
                a 0.4 0.8
                """);
        assertEquals(new Retrieval(3, 3, 9), r.boundary());
    }

    @Test
    void aFoldCountsOnlyWhatItCoversAndDropsClassesLeftWithOneFragment() throws IOException {
        TdeEvaluation e = evaluation("""
                Class 1
                a 0.1 0.4
                b 0.0 0.3

                Class 2
                a 0.5 0.8
                a 0.8 1.1
                """, false);
        // fold: file a from 0 to .85: covers fragments a.1 and a.5 (a.8-1.1 ends past .85);
        // gold words kat .1-.4, kat .5-.8; gold phones of a up to d (.80-.85): 7 not SIL
        Fold fold = Fold.of(new IntervalBlock("1", 1, List.of(new dev.segmon.model.io.FileInterval("a", 0, 850_000, 1))));
        TdeResult r = e.result(fold);
        assertEquals(new Retrieval(2, 2, 2), r.token());
        assertEquals(new Retrieval(1, 1, 1), r.type());
        // boundaries: gold .1 .4 .5 .8 (4); found .1 .4 .5 .8, all hits
        assertEquals(new Retrieval(4, 4, 4), r.boundary());
        // both classes are left with one fragment: no grouping, no NED
        assertEquals(new Retrieval(0, 0, 0), r.grouping());
        assertEquals(0, r.pairs());
        assertNull(r.ned());
        // coverage: k a t k a t of the 7 phones
        assertEquals(6.0 / 7, r.coverage(), EPS);
    }

    @Test
    void aFragmentInAFileWithoutPhonesIsAnInputError() {
        InputException e = assertThrows(InputException.class, () -> score("Class 1\nzz 0.1 0.4\n"));
        assertEquals(2, e.line());
    }

    private TdeResult score(String classes) throws IOException {
        return evaluation(classes, false).result();
    }

    private TdeResult tdev2(String classes) throws IOException {
        return evaluation(classes, true).result();
    }

    private TdeEvaluation evaluation(String classes, boolean asTdev2) throws IOException {
        Path c = write("x.class", classes);
        List<IntervalBlock> blocks = ClassFileReader.readClasses(c);
        return new TdeEvaluation(gold, c.toString(), blocks, asTdev2, asTdev2);
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }
}
