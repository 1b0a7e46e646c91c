package dev.segmon.model.io;

/**
 * The utterance ids a reader has met, to reject an id that appears twice, in about 16 bytes per
 * id instead of the ~100 of a {@code HashSet<String>} (the id's String, its bytes, the map
 * node): with 100 boundaries per utterance that set was half the heap of a 200,000-utterance
 * corpus read in lock step under {@code -Xmx64m}.
 *
 * <p>Ids are kept as 64-bit fingerprints in an open-addressing table. While ids arrive in
 * strictly increasing order (most corpora), a new id is recognised by comparison with the last
 * one alone, exactly. Once the order breaks, a repeated fingerprint is taken as a repeated id:
 * two different ids share a fingerprint with probability about n^2 / 2^65 (n = number of ids;
 * below 3e-6 for ten million), and the only consequence would be a spurious "appears a second
 * time" error, never a wrong score.
 */
final class SeenIds {
    private long[] table = new long[1024];
    private int size;
    private String last;
    private boolean increasing = true;

    /** Records {@code id}; false if it was (almost certainly) recorded before. */
    boolean add(String id) {
        boolean greater = last == null || id.compareTo(last) > 0;
        increasing &= greater;
        last = id;
        long f = fingerprint(id);
        if (2 * (size + 1) > table.length) {
            grow();
        }
        int mask = table.length - 1;
        for (int i = (int) f & mask; ; i = (i + 1) & mask) {
            if (table[i] == 0) {
                table[i] = f;
                size++;
                return true;
            }
            if (table[i] == f && !(increasing && greater)) {
                return false;
            }
        }
    }

    private void grow() {
        long[] old = table;
        table = new long[2 * old.length];
        int mask = table.length - 1;
        for (long f : old) {
            if (f != 0) {
                int i = (int) f & mask;
                while (table[i] != 0) {
                    i = (i + 1) & mask;
                }
                table[i] = f;
            }
        }
    }

    /** FNV-1a over the chars, then MurmurHash3's 64-bit finaliser to spread the bits; never 0. */
    static long fingerprint(String id) {
        long h = 0xcbf29ce484222325L ^ id.length();
        for (int i = 0; i < id.length(); i++) {
            h = (h ^ id.charAt(i)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }
}
