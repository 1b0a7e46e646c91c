package dev.segmon.model.textseg;

/** One document of a Pk/WindowDiff input: its id, its segmentation and the line it was read from. */
public record TextDocument(String id, Segmentation segmentation, long line) {
}
