package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClassFileReaderTest {

    @Test
    void classesAreBlocksUnderClassHeadersAndTheLastNeedsNoBlankLine() throws IOException {
        List<IntervalBlock> c = classes("Class 0 optional-ngram\nD21 95.45 96.03\nD21 219.69 219.88\n\n\nClass 7\nA08 1 2");
        assertEquals(2, c.size());
        assertEquals("0", c.get(0).name());
        assertEquals(List.of(new FileInterval("D21", 95_450_000, 96_030_000, 2),
                new FileInterval("D21", 219_690_000, 219_880_000, 3)), c.get(0).intervals());
        assertEquals("7", c.get(1).name());
        assertEquals(6, c.get(1).line());
    }

    @Test
    void foldsAreBlankLineSeparatedIntervalLists() throws IOException {
        List<IntervalBlock> f = ClassFileReader.read("f", new BufferedReader(new StringReader(
                "C22 0.7525 1.4125\nC22 1.7925 6.5725\n\nA08 0 10\n")), false);
        assertEquals(2, f.size());
        assertEquals("2", f.get(1).name());
        assertEquals(1_412_500, f.get(0).intervals().get(0).offset());
    }

    @Test
    void timesLandExactlyOnTheMicrosecondGrid() {
        assertEquals(29_500, ClassFileReader.time("t", 1, "0.0295"));
        assertEquals(1_009_670_000, ClassFileReader.time("t", 1, "1009.67"));
        assertEquals(1_000, ClassFileReader.time("t", 1, "1e-3"));
        // beyond six decimals: to the nearest microsecond, halves up
        assertEquals(2, ClassFileReader.time("t", 1, "0.0000015"));
        assertEquals(1, ClassFileReader.time("t", 1, "0.0000014"));
        assertThrows(InputException.class, () -> ClassFileReader.time("t", 1, "-1"));
        assertThrows(InputException.class, () -> ClassFileReader.time("t", 1, "."));
        assertThrows(InputException.class, () -> ClassFileReader.time("t", 1, "NaN"));
    }

    @Test
    void badLinesAreReportedWithTheirLine() {
        assertEquals(3, error("Class 1\nA 1 2\nA 1\n").line());
        assertEquals(1, error("A 1 2\n").line());                     // interval before any class
        assertEquals(4, error("Class 1\nA 1 2\n\nClass 1\nA 3 4\n").line()); // duplicate number, on its header
        assertEquals(2, error("Class 1\nA 2 1\n").line());            // offset before onset
        assertEquals(3, error("Class 1\nA 1 2\nClass 2\n").line());   // header without blank line
    }

    private static InputException error(String text) {
        return assertThrows(InputException.class, () -> classes(text));
    }

    private static List<IntervalBlock> classes(String text) throws IOException {
        return ClassFileReader.read("c", new BufferedReader(new StringReader(text)), true);
    }
}
