package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.readAll;
import static dev.segmon.model.io.ReaderFixtures.resource;
import static dev.segmon.model.io.ReaderFixtures.segments;
import static dev.segmon.model.io.ReaderFixtures.write;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.Micros;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CTM and {@code file onset offset symbol} readers: grouping, the contiguity rule, the microsecond grid, bad input. */
class LineReadersTest {
    @TempDir
    Path tmp;

    private static final ReadOptions CTM = ReadOptions.DEFAULT.withFormat(AlignmentFormat.CTM);
    private static final ReadOptions ALIGNMENT = ReadOptions.DEFAULT.withFormat(AlignmentFormat.ALIGNMENT);

    @Test
    void ctmLinesBecomeStartPlusDurationSegments() {
        Path f = write(tmp, "a.ctm", """
                ;; made by hand
                u1 A 0.1 0.2 hello 0.98

                u1 A 0.3 0.25 world
                u2 1 1.5 0 uh
                """, UTF_8);
        assertEquals(AlignmentFormat.CTM, AlignmentFormat.detect(f));
        List<Utterance> all = readAll(f, ReadOptions.DEFAULT);
        assertEquals(List.of("u1", "u2"), all.stream().map(Utterance::id).toList());
        List<Segment> u1 = segments(all.get(0));
        assertEquals(2, u1.size());
        assertEquals("hello", u1.get(0).label());
        // 0.1 + 0.2 is 0.30000000000000004 in doubles; on the microsecond grid it is 0.3, where "world" starts
        assertEquals(Micros.of(0.3), Micros.of(u1.get(0).end()));
        assertEquals(Micros.of(u1.get(1).start()), Micros.of(u1.get(0).end()));
        // 0.3 + 0.25 = 0.55
        assertEquals(550_000, Micros.of(u1.get(1).end()));
        assertEquals(List.of(new Segment(1.5, 1.5, "uh")), segments(all.get(1)));
    }

    @Test
    void ctmUtteranceAgainAfterAnotherIsAnError() {
        Path f = write(tmp, "b.ctm", "u1 A 0 1 a\nu2 A 0 1 b\nu1 A 1 1 c\n", UTF_8);
        expectError(f, ReadOptions.DEFAULT, 3, "utterance 'u1' appears again after other utterances", "sort -s -k1,1");
    }

    @Test
    void ctmBadFields() {
        expectError(write(tmp, "c.ctm", "u1 A 0 1 a\nu1 A 1 -0.5 b\n", UTF_8), CTM, 2, "duration is negative (-0.5)");
        expectError(write(tmp, "d.ctm", "u1 A 0 1 a\nu1 A NaN 1 b\n", UTF_8), CTM, 2, "start is not a number: 'NaN'");
        expectError(write(tmp, "e.ctm", ";; x\nu1 A 0 1\n", UTF_8), CTM, 2, "expected 'utterance channel start duration token [confidence]', found 4 fields");
        expectError(write(tmp, "f.ctm", "u1 A -1 1 a\n", UTF_8), CTM, 1, "start is negative");
        expectError(write(tmp, "g.ctm", "u1 A 1e400 1 a\n", UTF_8), CTM, 1, "start is not a finite number");
    }

    @Test
    void emptyAndUnreadableFiles() {
        expectError(write(tmp, "empty.ctm", "", UTF_8), CTM, 0, "empty file: no utterance");
        expectError(write(tmp, "comments.ctm", ";; only\n\n", UTF_8), CTM, 0, "empty file: no data line");
        expectError(write(tmp, "empty.phn", "", UTF_8), ALIGNMENT, 0, "empty file: no utterance");
        expectError(tmp.resolve("missing.phn"), ALIGNMENT, 0, "cannot read: no such file");
        expectError(tmp, CTM, 0, "cannot read: is a directory");
        expectError(tmp, ALIGNMENT, 0, "cannot read: is a directory");
    }

    @Test
    void alignmentLinesWithOptionalSymbol() {
        Path f = write(tmp, "a.wrd", "s1 0.1 0.3 hi\ns1 0.3 0.42\ns2 0 1 x extra fields\n", UTF_8);
        assertEquals(AlignmentFormat.ALIGNMENT, AlignmentFormat.detect(f));
        List<Utterance> all = readAll(f, ReadOptions.DEFAULT);
        assertEquals(List.of(new Segment(0.1, 0.3, "hi"), new Segment(0.3, 0.42, "")), segments(all.get(0)));
        assertEquals(List.of(new Segment(0, 1, "x")), segments(all.get(1)));
    }

    @Test
    void alignmentBadLines() {
        expectError(write(tmp, "b.phn", "s1 0 1 a\ns1 1 0.5 b\n", UTF_8), ALIGNMENT, 2, "offset before onset (0.5 < 1)");
        expectError(write(tmp, "c.phn", "s1 0 1 a\ns2 1 2 b\n\ns1 2 3 c\n", UTF_8), ALIGNMENT, 4, "utterance 's1' appears again", "sort -s -k1,1");
        expectError(write(tmp, "d.phn", "s1 0\n", UTF_8), ALIGNMENT, 1, "expected 'file onset offset [symbol]', found 2 fields");
        expectError(write(tmp, "e.phn", "s1 0 nan a\n", UTF_8), ALIGNMENT, 1, "offset is not a number: 'nan'");
        expectError(write(tmp, "f.phn", "s1 -0.5 1 a\n", UTF_8), ALIGNMENT, 1, "onset is negative");
    }

    @Test
    void zeroSpeechMandarinPhonesAndWords() {
        // mandarin.phn: 70290 lines over 12 files, in runs (awk '{print $1}' | uniq -c): A08 has 10405
        // lines, the file ends with "D21 1574.0875 1574.2375 ong4"
        List<Utterance> phn = readAll(resource("zr17-mandarin/mandarin.phn"), ReadOptions.DEFAULT);
        assertEquals(12, phn.size());
        assertEquals(70290, phn.stream().mapToInt(u -> segments(u).size()).sum());
        assertEquals("A08", phn.get(0).id());
        assertEquals(10405, segments(phn.get(0)).size());
        assertEquals(new Segment(0, 0.7825, "SIL"), segments(phn.get(0)).get(0));
        Utterance last = phn.get(11);
        assertEquals("D21", last.id());
        assertEquals(new Segment(1574.0875, 1574.2375, "ong4"), segments(last).get(segments(last).size() - 1));
        // mandarin.wrd: A08 has 2948 words, the first 七十 [0.7825, 1.0925]
        Utterance a08 = readAll(resource("zr17-mandarin/mandarin.wrd"), ReadOptions.DEFAULT).get(0);
        assertEquals(2948, segments(a08).size());
        assertEquals(new Segment(0.7825, 1.0925, "七十"), segments(a08).get(0));
    }
}
