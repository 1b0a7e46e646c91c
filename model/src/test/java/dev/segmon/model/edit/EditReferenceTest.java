package dev.segmon.model.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.io.InputException;
import dev.segmon.model.io.TextLines;
import java.io.BufferedReader;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Corpus WER and NED against independent implementations on a seeded random corpus (5-token
 * vocabulary with case variants, 300 utterances, 6 missing from each side), written by
 * {@code python3 docs/tools/wer_reference.py --generate model/src/test/resources/data/edit}
 * (Python 3.11.7). Unit-cost figures and NED: that script's full-matrix DP with an explicit
 * traceback and Kaldi's tie-break; the unit-cost S/I/D are also what Kaldi's own
 * LevenshteinEditDistance gives (kaldialign @ cf478ab, extensions/kaldi_align.cpp, run outside
 * the repository: "kaldi unit sub=464 ins=739 del=708 n_ref=1759"). sclite figures: NIST sclite
 * itself (usnistgov/SCTK @ 9688a26), run by
 * {@code SCLITE=.../sclite docs/tools/sclite_compare.sh random-ref.txt random-hyp.txt}
 * ({@code -s}: case-sensitive; without it sclite folds case, as {@code --ignore-case}); the
 * Python DP with sclite's tie-break prints the same numbers.
 */
class EditReferenceTest {
    private static final List<String> UNPAIRED = List.of("utt007", "utt013", "utt057", "utt063", "utt107", "utt113",
            "utt157", "utt163", "utt207", "utt213", "utt257", "utt263");

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(EditReferenceTest.class.getResource("/data/edit/" + name).toURI());
    }

    private static EditScorer.WerResult wer(boolean ignoreCase, EditCosts costs) throws URISyntaxException {
        Vocabulary v = new Vocabulary(ignoreCase);
        return EditScorer.wer(KaldiTextReader.read(resource("random-ref.txt"), v),
                KaldiTextReader.read(resource("random-hyp.txt"), v), costs);
    }

    private static EditScorer.NedResult ned(boolean ignoreCase) throws URISyntaxException {
        Vocabulary v = new Vocabulary(ignoreCase);
        return EditScorer.ned(KaldiTextReader.read(resource("random-ref.txt"), v),
                KaldiTextReader.read(resource("random-hyp.txt"), v));
    }

    @Test
    void pooledWerAndItsSplitMatchTheReferenceDp() throws Exception {
        // wer costs=unit ignore_case=False sub=464 ins=739 del=708 n_ref=1759 utterances=300
        EditScorer.WerResult unit = wer(false, EditCosts.UNIT);
        assertEquals(new EditCounts(464, 739, 708, 1759), unit.counts());
        assertEquals(1.0864127345082433, unit.counts().wer(), 1e-15);
        assertEquals(300, unit.utterances());
        assertEquals(UNPAIRED, unit.unpaired());
        // wer costs=unit ignore_case=True sub=399 ins=730 del=699
        assertEquals(new EditCounts(399, 730, 699, 1759), wer(true, EditCosts.UNIT).counts());
    }

    @Test
    void scliteWeightsGiveScliteTotalsAndSplit() throws Exception {
        // sclite -s: Substitution (410), Deletions (738), Insertions (769), Ref. words (1759)
        assertEquals(new EditCounts(410, 769, 738, 1759), wer(false, EditCosts.SCLITE).counts());
        // sclite (case folded): Substitution (370), Deletions (714), Insertions (745)
        assertEquals(new EditCounts(370, 745, 714, 1759), wer(true, EditCosts.SCLITE).counts());
    }

    @Test
    void nedMatchesTheReferenceDp() throws Exception {
        // ned ignore_case=False utterances=300 ned=0.7903647186147176; ignore_case=True 0.7577239057239047
        assertEquals(0.7903647186147176, ned(false).counts().ned(), 1e-12);
        assertEquals(300, ned(false).counts().utterances());
        assertEquals(0.7577239057239047, ned(true).counts().ned(), 1e-12);
    }

    @Test
    void nedOfBothEmptyIsZeroAndAnUnpairedUtteranceCountsAgainstEmpty() {
        Vocabulary v = new Vocabulary(false);
        List<Transcript> ref = read("u1\nu2 a b\n", v);
        List<Transcript> hyp = read("u1\nu2 a c d\nu3 x\n", v);
        // u1: both empty -> 0; u2: distance 2 (b->c, insert d) / max(2, 3) = 2/3; u3: 1/1 = 1.
        EditScorer.NedResult r = EditScorer.ned(ref, hyp);
        assertEquals((0 + 2.0 / 3 + 1) / 3, r.counts().ned(), 1e-15);
        assertEquals(List.of("u3"), r.unpaired());
        // WER over the same: u2 S1 I1, u3 I1; N_ref = 2 -> 3/2.
        assertEquals(new EditCounts(1, 2, 0, 2), EditScorer.wer(ref, hyp, EditCosts.UNIT).counts());
        assertEquals(1.5, EditScorer.wer(ref, hyp, EditCosts.UNIT).counts().wer());
    }

    @Test
    void werIsNullWithoutReferenceTokens() {
        Vocabulary v = new Vocabulary(false);
        assertEquals(null, EditScorer.wer(read("u1\n", v), read("u1 a\n", v), EditCosts.UNIT).counts().wer());
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheFirstId() {
        assertEquals("u1", read("\uFEFFu1 a\n", new Vocabulary(false)).get(0).id());
    }

    @Test
    void aRepeatedUtteranceIdIsBadInput() {
        InputException e = assertThrows(InputException.class, () -> read("u1 a\n\nu1 b\n", new Vocabulary(false)));
        assertEquals("f:3: utterance 'u1' appears a second time", e.getMessage());
    }

    private static List<Transcript> read(String text, Vocabulary v) {
        return KaldiTextReader.read(TextLines.of("f", new BufferedReader(new StringReader(text))), v);
    }
}
