package dev.segmon.model.tde;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.io.ClassFileReader;
import dev.segmon.model.io.IntervalBlock;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real ZeroSpeech 2017 Mandarin set (70,290 phones, 19,796 words, Kamper et al.'s 2,987
 * classes of 28,033 fragments) against bootphon/tdev2 at commit 0361afd, run beside the project
 * with docs/tools/tdev2/run_tdev2.py (tdev2 needs numpy, pandas, intervaltree, joblib; the
 * editdistance stand-in is docs/tools/tdev2/editdistance.py):
 * <pre>
 * D=model/src/test/resources/data/zr17-mandarin
 * PYTHONPATH=tdev2:docs/tools/tdev2 python3 docs/tools/tdev2/run_tdev2.py $D/mandarin.phn $D/mandarin.wrd $D/kamper_mandarin.class [FLAG]
 * </pre>
 * Without a flag it prints tdev2's own figures; {@code --exact-halves} and
 * {@code --file-aware-tokens} patch tdev2 at one of its two departures from the contract each,
 * {@code --contract} at both: that last run gives the contract's figures, computed by tdev2's code.
 * Both departures are reproducible here (package-private switches), so the test shows that
 * nothing else differs and how much each departure weighs.
 */
class MandarinTdeTest {
    private static final double EPS = 1e-12;
    private static GoldAlignment gold;
    private static List<IntervalBlock> classes;
    private static TdeEvaluation contract;

    @BeforeAll
    static void read() throws URISyntaxException {
        Path dir = Path.of(MandarinTdeTest.class.getResource("/data/zr17-mandarin/mandarin.phn").toURI()).getParent();
        gold = GoldAlignment.read(dir.resolve("mandarin.phn"), dir.resolve("mandarin.wrd"));
        classes = ClassFileReader.readClasses(dir.resolve("kamper_mandarin.class"));
        contract = new TdeEvaluation(gold, "kamper", classes);
    }

    @Test
    void contractFiguresEqualTdev2PatchedAtItsTwoDepartures() {
        // run_tdev2.py ... --contract
        TdeResult r = contract.result();
        assertRetrieval(r.token(), 0.0699679451751962, 0.09592847039806021, 0.08091697381596608);
        assertRetrieval(r.type(), 0.06764168190127971, 0.10844324202457446, 0.08331529034772442);
        assertRetrieval(r.boundary(), 0.4256865364152951, 0.7568122358623466, 0.5448881418801437);
        assertRetrieval(r.grouping(), 0.2024460650258301, 0.31488155018609626, 0.24644549763033424);
        assertEquals(0.8806901722354965, r.ned(), EPS);
        assertEquals(1.0, r.coverage(), EPS);
        assertEquals(357082, r.pairs());
        // tdev2 prints "27141 unique intervals found": the fragments that keep a phone
        assertEquals(27141, r.token().found());
        // The size of the half-phone departure, as counts (each = a ratio printed by tdev2
        // without and with --contract times its denominator, 19,796 words and 8,871 spellings
        // from the gold files): token hits 1903 -> 1899, type hits 965 -> 962 with found
        // types 14218 -> 14222, boundary hits 18793 -> 18803 with found boundaries
        // 44130 -> 44171, grouping tokens in found-and-gold pairs 5329 -> 5330 (found 26328 and
        // gold 16927 unchanged).
        assertEquals(new Retrieval(1899, 27141, 19796), r.token());
        assertEquals(new Retrieval(962, 14222, 8871), r.type());
        assertEquals(new Retrieval(18803, 44171, 24845), r.boundary());
        assertEquals(new Retrieval(5330, 26328, 16927), r.grouping());
    }

    @Test
    void tdev2sOwnFiguresWhenBothDeparturesAreReproduced() {
        // run_tdev2.py ... (no flag): tdev2 as published
        TdeResult r = new TdeEvaluation(gold, "kamper", classes, true, true).result();
        assertRetrieval(r.token(), 0.07011532368004127, 0.09613053142048898, 0.08108741504569955);
        assertRetrieval(r.type(), 0.06787171191447461, 0.10878142261300867, 0.08358958811555287);
        assertRetrieval(r.boundary(), 0.4258554271470655, 0.7564097403904206, 0.5449220732149329);
        assertRetrieval(r.grouping(), 0.20240808264965243, 0.31482247297217736, 0.24639926020113506);
        assertEquals(0.880712846099123, r.ned(), EPS);
        assertEquals(1.0, r.coverage(), EPS);
        assertEquals(357082, r.pairs());
        assertEquals(new Retrieval(1903, 27141, 19796), r.token());
        assertEquals(new Retrieval(965, 14218, 8871), r.type());
        assertEquals(new Retrieval(18793, 44130, 24845), r.boundary());
        assertEquals(new Retrieval(5329, 26328, 16927), r.grouping());
    }

    @Test
    void tdev2DropsFortyOneExactHalves() {
        // The half-phone rule alone changes the phones of 41 fragments: each has a boundary phone
        // shorter than 60 ms overlapped by exactly half of it, which tdev2's floating-point
        // ratio puts just below 0.5 (counted independently by comparing tdev2's
        // utils.check_boundary with an exact Fraction version on every distinct fragment).
        Set<String> exact = new HashSet<>(contract.snappedFragments());
        Set<String> floating = new HashSet<>(new TdeEvaluation(gold, "k", classes, true, false).snappedFragments());
        assertEquals(exact.size(), floating.size());
        floating.removeAll(exact);
        assertEquals(41, floating.size());
    }

    @Test
    void withinTalkerFoldsSummariseTdev2RunOnEachSpeaker() {
        // One fold per speaker; Mandarin file names are THCHS-30 speaker ids (A08, ..., D21), so
        // each fold is one file. Reference: run_tdev2.py ... --contract --files SPEAKER for each
        // of the 12 speakers (that file's gold and fragments only, classes left with fewer than
        // two fragments dropped for grouping and NED), then mean, population std, min, max of
        // the 12 outputs (Python statistics.pstdev).
        TdeEvaluation e = contract;
        List<Fold> folds = SpeakerRule.untilUnderscore().folds(gold.fileNames());
        assertEquals(List.of("A08", "A33", "A36", "B02", "B06", "B08", "C04", "C08", "C19", "D07", "D08", "D21"),
                folds.stream().map(Fold::name).toList());
        List<TdeResult> results = folds.stream().map(e::result).toList();
        assertSummary(Summary.of(results.stream().map(r -> r.token().precision()).toList()),
                0.07161942325169603, 0.013698744735781636, 0.05003625815808557, 0.09702660406885759);
        assertSummary(Summary.of(results.stream().map(r -> r.token().fscore()).toList()),
                0.08255900753192909, 0.01539424245347112, 0.057761732851985555, 0.10910690717113945);
        assertSummary(Summary.of(results.stream().map(r -> r.grouping().precision()).toList()),
                0.13266235684424674, 0.03697186590863448, 0.0736468500443656, 0.20851612903225739);
        assertSummary(Summary.of(results.stream().map(r -> r.grouping().recall()).toList()),
                0.48343354077231243, 0.08717980352212806, 0.34156378600823045, 0.6488888888888885);
        assertSummary(Summary.of(results.stream().map(TdeResult::ned).toList()),
                0.851196027915698, 0.022702280208196462, 0.7955544622847678, 0.8896492377682844);
        assertSummary(Summary.of(results.stream().map(TdeResult::pairs).toList()),
                9226.833333333334, 10416.22295454974, 1929, 30424);
    }

    private static void assertSummary(Summary s, double mean, double std, double min, double max) {
        assertEquals(mean, s.mean(), 1e-9, "mean");
        assertEquals(std, s.std(), 1e-9, "std");
        assertEquals(min, s.min(), 1e-9, "min");
        assertEquals(max, s.max(), 1e-9, "max");
    }

    private static void assertRetrieval(Retrieval r, double precision, double recall, double fscore) {
        assertEquals(precision, r.precision(), EPS, "precision");
        assertEquals(recall, r.recall(), EPS, "recall");
        assertEquals(fscore, r.fscore(), EPS, "fscore");
    }
}
