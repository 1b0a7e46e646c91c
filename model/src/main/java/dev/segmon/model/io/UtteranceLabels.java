package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The labels of each utterance id (e.g. {@code lang=de}), by which scores are broken down into
 * slices (docs/slices.md): the {@code "labels"} object of a JSONL line, or a side file of tab-separated
 * lines {@code id key=value key=value...}. A label already known for an id is kept: the first value
 * of a key wins, as in the monitor.
 */
public final class UtteranceLabels {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Map<String, Map<String, String>> byId = new HashMap<>();

    /** The labels of {@code id}, by key; empty when it has none. */
    public Map<String, String> of(String id) {
        return byId.getOrDefault(id, Map.of());
    }

    /** The value of {@code key} for {@code id}, or null. */
    public String value(String id, String key) {
        return of(id).get(key);
    }

    /**
     * The value of a key an utterance is sliced by (docs/slices.md), the one rule of the monitor and
     * of {@code eval}: the hypothesis' value, else the reference's (a label only the annotator knows);
     * null when neither side carried one.
     */
    public static String chosen(String hypothesis, String reference) {
        return hypothesis != null ? hypothesis : reference;
    }

    /** These labels, a hypothesis side's, with each key they lack for an id taken from {@code reference} ({@link #chosen}). */
    public UtteranceLabels filledFrom(UtteranceLabels reference) {
        UtteranceLabels out = new UtteranceLabels();
        java.util.Set<String> ids = new java.util.HashSet<>(byId.keySet());
        ids.addAll(reference.byId.keySet());
        for (String id : ids) {
            Map<String, String> hyp = of(id);
            Map<String, String> ref = reference.of(id);
            java.util.Set<String> keys = new java.util.TreeSet<>(hyp.keySet());
            keys.addAll(ref.keySet());
            Map<String, String> chosen = new TreeMap<>();
            keys.forEach(k -> chosen.put(k, chosen(hyp.get(k), ref.get(k))));
            out.add(id, chosen);
        }
        return out;
    }

    /**
     * Adds the {@code "labels"} of every line of a JSONL file that has an {@code "id"}: string values
     * only, anything else in the object ignored, as the monitor does (docs/contract.md 3.1).
     */
    public UtteranceLabels addJsonl(Path file) {
        eachLine(file, (line, n) -> addJsonLine(file, n, line));
        return this;
    }

    /** Each line of {@code file} that is not blank, with its 1-based number. */
    private static void eachLine(Path file, java.util.function.ObjLongConsumer<String> action) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            long n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                if (!line.isBlank()) {
                    action.accept(line, n);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void addJsonLine(Path file, long n, String line) {
        try (JsonParser p = MAPPER.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return; // not this reader's to refuse: the alignment reader reports the line
            }
            String id = null;
            Map<String, String> labels = new TreeMap<>();
            String field;
            while ((field = p.nextFieldName()) != null) {
                JsonToken t = p.nextToken();
                if (field.equals("id") && t == JsonToken.VALUE_STRING) {
                    id = p.getText();
                } else if (field.equals("labels") && t == JsonToken.START_OBJECT) {
                    String key;
                    while ((key = p.nextFieldName()) != null) {
                        if (p.nextToken() == JsonToken.VALUE_STRING && !key.isEmpty() && !p.getText().isEmpty()) {
                            labels.putIfAbsent(key, p.getText());
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (id != null) {
                add(id, labels);
            }
        } catch (IOException e) {
            throw new InputException(file, n, "not a JSON object: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Adds a side file: tab-separated {@code id key=value...} lines; blank lines and lines starting with # are skipped. */
    public UtteranceLabels addSideFile(Path file) {
        eachLine(file, (line, n) -> {
            if (!line.startsWith("#")) {
                addSideLine(file, n, line);
            }
        });
        return this;
    }

    private void addSideLine(Path file, long n, String line) {
        String[] fields = line.split("\t");
        Map<String, String> labels = new TreeMap<>();
        for (int i = 1; i < fields.length; i++) {
            int eq = fields[i].indexOf('=');
            if (eq <= 0 || eq == fields[i].length() - 1) {
                throw new InputException(file, n, "label '" + fields[i] + "' is not key=value");
            }
            labels.putIfAbsent(fields[i].substring(0, eq), fields[i].substring(eq + 1));
        }
        if (fields[0].isEmpty() || labels.isEmpty()) {
            throw new InputException(file, n, "expected: id<TAB>key=value[<TAB>key=value...]");
        }
        add(fields[0], labels);
    }

    private void add(String id, Map<String, String> labels) {
        Map<String, String> held = byId.computeIfAbsent(id, k -> new TreeMap<>());
        labels.forEach(held::putIfAbsent);
    }
}
