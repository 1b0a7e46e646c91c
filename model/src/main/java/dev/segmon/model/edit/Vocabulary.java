package dev.segmon.model.edit;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Interns tokens as ints so that the alignment compares ints, not strings. One vocabulary must
 * serve both sides of a comparison. With {@code ignoreCase}, tokens are folded with
 * {@link String#toLowerCase(Locale)} in the root locale before interning.
 */
public final class Vocabulary {
    private final Map<String, Integer> ids = new HashMap<>();
    private final boolean ignoreCase;

    public Vocabulary(boolean ignoreCase) {
        this.ignoreCase = ignoreCase;
    }

    public int intern(String token) {
        String key = ignoreCase ? token.toLowerCase(Locale.ROOT) : token;
        Integer id = ids.get(key);
        if (id == null) {
            id = ids.size();
            ids.put(key, id);
        }
        return id;
    }

    public int size() {
        return ids.size();
    }
}
