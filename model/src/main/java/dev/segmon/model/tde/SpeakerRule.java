package dev.segmon.model.tde;

import dev.segmon.model.io.InputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the speaker of a file is read from its name, for within-talker folds. Default: the name
 * up to the first {@code _}, the whole name when it has none. The ZeroSpeech 2017 Mandarin files
 * are named after their THCHS-30 speaker ({@code A08}, {@code D21}: one file per speaker), and
 * the ZeroSpeech 2017 English and French files start with the speaker id followed by
 * {@code _}. A regular expression overrides it: its first group (or its whole match when it
 * has no group), found anywhere in the name; e.g. {@code ^(s\d\d)} for Buckeye's
 * {@code s0101a}-style names.
 */
public final class SpeakerRule {
    private final Pattern pattern;

    private SpeakerRule(Pattern pattern) {
        this.pattern = pattern;
    }

    public static SpeakerRule untilUnderscore() {
        return new SpeakerRule(null);
    }

    public static SpeakerRule regex(String regex) {
        return new SpeakerRule(Pattern.compile(regex));
    }

    /** The speaker of a file; a file the expression does not match is bad input. */
    public String speaker(String file) {
        if (pattern == null) {
            int cut = file.indexOf('_');
            return cut < 0 ? file : file.substring(0, cut);
        }
        Matcher m = pattern.matcher(file);
        if (!m.find()) {
            throw new InputException(file, 0, "the speaker expression '" + pattern + "' does not match this file name");
        }
        return m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : m.group();
    }

    /** One whole-file fold per speaker, named after it, in speaker order. */
    public List<Fold> folds(Collection<String> files) {
        Map<String, List<String>> bySpeaker = new TreeMap<>();
        for (String f : files) {
            bySpeaker.computeIfAbsent(speaker(f), k -> new ArrayList<>()).add(f);
        }
        List<Fold> folds = new ArrayList<>();
        bySpeaker.forEach((speaker, fs) -> folds.add(Fold.ofFiles(speaker, fs)));
        return folds;
    }
}
