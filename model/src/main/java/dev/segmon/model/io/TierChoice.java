package dev.segmon.model.io;

import dev.segmon.model.io.TextGridReader.Tier;
import java.util.List;
import java.util.stream.Collectors;

/** Which tier of a TextGrid to read: by name, {@code NAME#K} or {@code #K} (docs/contract.md 2.6). */
final class TierChoice {
    private TierChoice() {
    }

    /**
     * The interval tier {@code choice} names, by the rules of {@link TextGridReader}'s comment; the
     * {@link InputException} otherwise lists the file's tiers and how to choose.
     */
    static Tier of(List<Tier> tiers, String choice, String file) {
        List<Tier> intervalTiers = tiers.stream().filter(Tier::intervals).toList();
        if (choice == null || choice.isEmpty()) {
            if (intervalTiers.size() == 1) {
                return intervalTiers.get(0);
            }
            if (intervalTiers.isEmpty()) {
                throw new InputException(file, 0, "no interval tier (tiers: " + list(tiers) + ")");
            }
            throw new InputException(file, 0, intervalTiers.size() + " interval tiers, choose one with --tier: "
                    + list(tiers) + "; e.g. " + hint(tiers, intervalTiers.get(0)));
        }
        if (tiers.stream().anyMatch(t -> t.name().equals(choice))) {
            List<Tier> named = intervalTiers.stream().filter(t -> t.name().equals(choice)).toList();
            if (named.size() == 1) {
                return named.get(0);
            }
            if (named.isEmpty()) {
                throw new InputException(file, 0, "tier '" + choice + "' is a TextTier (points), not an interval tier (tiers: " + list(tiers) + ")");
            }
            throw new InputException(file, 0, named.size() + " interval tiers are named '" + choice + "': "
                    + list(tiers) + "; choose one with --tier '" + choice + "#K' (K-th of that name) or --tier '#K' (K-th of the file), e.g. "
                    + hint(tiers, named.get(1)));
        }
        int hash = choice.lastIndexOf('#');
        if (hash >= 0 && hash < choice.length() - 1 && choice.substring(hash + 1).chars().allMatch(Character::isDigit)) {
            String name = choice.substring(0, hash);
            int k = parsePosition(choice.substring(hash + 1));
            List<Tier> candidates = name.isEmpty() ? tiers : tiers.stream().filter(t -> t.name().equals(name)).toList();
            if (k < 1 || k > candidates.size()) {
                String what = name.isEmpty() ? "the file has " + tiers.size() + " tier" + (tiers.size() == 1 ? "" : "s")
                        : candidates.size() + " tier" + (candidates.size() == 1 ? " is" : "s are") + " named '" + name + "'";
                throw new InputException(file, 0, "no tier " + choice + ": " + what + " (tiers: " + list(tiers) + ")");
            }
            Tier t = candidates.get(k - 1);
            if (!t.intervals()) {
                throw new InputException(file, 0, "tier " + choice + " " + t.describe() + " is a TextTier (points), not an interval tier (tiers: " + list(tiers) + ")");
            }
            return t;
        }
        throw new InputException(file, 0, "no tier named '" + choice + "' (tiers: " + list(tiers) + ")");
    }

    private static int parsePosition(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static String list(List<Tier> tiers) {
        return tiers.isEmpty() ? "none" : tiers.stream().map(Tier::describe).collect(Collectors.joining(", "));
    }

    /** {@code --tier 'NAME#K' or --tier '#P'} for tier {@code t}, or just the name when it is unique. */
    private static String hint(List<Tier> tiers, Tier t) {
        List<Tier> sameName = tiers.stream().filter(x -> x.name().equals(t.name())).toList();
        String byPosition = "--tier '#" + t.position() + "'";
        if (sameName.size() == 1 && !t.name().contains("#")) {
            return "--tier '" + t.name() + "' or " + byPosition;
        }
        return "--tier '" + t.name() + "#" + (sameName.indexOf(t) + 1) + "' or " + byPosition;
    }
}
