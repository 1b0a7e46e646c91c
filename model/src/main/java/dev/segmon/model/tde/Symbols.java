package dev.segmon.model.tde;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interning tables: symbols (phones, words) to dense ids, and phone strings (sequences of phone
 * ids) to dense ids, so that every "same type" test downstream is an int comparison and every
 * phone string is stored once.
 */
final class Symbols {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    private final Map<Key, Integer> stringIds = new HashMap<>();
    private final List<int[]> strings = new ArrayList<>();

    int id(String symbol) {
        Integer id = ids.get(symbol);
        if (id == null) {
            id = names.size();
            ids.put(symbol, id);
            names.add(symbol);
        }
        return id;
    }

    /** The id of the symbol, or -1 when it never occurred. */
    int find(String symbol) {
        return ids.getOrDefault(symbol, -1);
    }

    String name(int id) {
        return names.get(id);
    }

    int size() {
        return names.size();
    }

    /** The id of a phone string (the array must not change afterwards). */
    int string(int[] symbols) {
        Key key = new Key(symbols);
        Integer id = stringIds.get(key);
        if (id == null) {
            id = strings.size();
            stringIds.put(key, id);
            strings.add(symbols);
        }
        return id;
    }

    int[] string(int id) {
        return strings.get(id);
    }

    private record Key(int[] symbols) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(symbols, k.symbols);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(symbols);
        }
    }
}
