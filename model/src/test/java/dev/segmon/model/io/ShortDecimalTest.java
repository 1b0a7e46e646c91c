package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast path must give exactly what {@link Double#parseDouble} gives, or step aside. */
class ShortDecimalTest {

    private static double parse(String s) {
        return ShortDecimal.parse(s.toCharArray(), 0, s.length());
    }

    @Test
    void agreesBitForBitWithParseDoubleOnRandomShortDecimals() {
        Random random = new Random(5);
        for (int i = 0; i < 200_000; i++) {
            int intDigits = 1 + random.nextInt(8);
            int fracDigits = random.nextInt(8);
            StringBuilder s = new StringBuilder();
            for (int d = 0; d < intDigits; d++) {
                s.append((char) ('0' + random.nextInt(10)));
            }
            if (fracDigits > 0) {
                s.append('.');
                for (int d = 0; d < fracDigits; d++) {
                    s.append((char) ('0' + random.nextInt(10)));
                }
            }
            String text = s.toString();
            double fast = parse(text);
            if (intDigits + fracDigits <= 15) {
                assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)), Double.doubleToRawLongBits(fast), text);
            } else {
                assertTrue(Double.isNaN(fast), text);
            }
        }
    }

    @Test
    void knownHardCasesAgree() {
        for (String s : new String[] {"0.1", "0.2", "0.3", "0.52", "0.02", "4.112", "3.52", "123456.789012",
                "999999999999999", "0.00000000000001", "9007199.25474099", "0", "0.0", "00.5"}) {
            assertEquals(Double.parseDouble(s), parse(s), s);
        }
    }

    @Test
    void leavesOtherFormsToTheGeneralParser() {
        for (String s : new String[] {"-1.5", "1e3", "2.5E-2", "1234567890123456", "0.1234567890123456", "1.", "", "1.2.3"}) {
            assertTrue(Double.isNaN(parse(s)), s);
        }
    }
}
