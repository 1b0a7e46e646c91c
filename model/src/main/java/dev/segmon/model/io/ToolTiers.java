package dev.segmon.model.io;

import java.util.Locale;

/** The {@code --tier} of a tool format: one of a few unit names, the first the default. */
final class ToolTiers {
    private ToolTiers() {
    }

    /**
     * The tier of {@code tiers} that {@code choice} names (case and a final "s" ignored, so
     * {@code word} and {@code Words} both name {@code words}); the first when no choice is given.
     */
    static String choose(String choice, String tool, String source, String... tiers) {
        if (choice == null || choice.isEmpty()) {
            return tiers[0];
        }
        String wanted = singular(choice);
        for (String t : tiers) {
            if (singular(t).equals(wanted)) {
                return t;
            }
        }
        throw new InputException(source, 0, "no tier '" + choice + "' in " + tool + " output: use --tier "
                + String.join(" or ", tiers) + " (default " + tiers[0] + ")");
    }

    private static String singular(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return n.endsWith("s") ? n.substring(0, n.length() - 1) : n;
    }
}
