package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;

/** Small questions about JSON values that the tool readers and their messages ask. */
final class JsonValues {
    private JsonValues() {
    }

    /** Whether {@code object} has a non-null value at {@code field}. */
    static boolean has(JsonNode object, String field) {
        JsonNode v = object.get(field);
        return v != null && !v.isNull();
    }

    /** A JSON value for an error message: its kind, and the text of a scalar. */
    static String describe(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "an array";
        }
        if (v.isTextual()) {
            return "the string \"" + v.textValue() + "\"";
        }
        return v.toString();
    }
}
