package dev.segmon.model.detection;

/** Which way a measure must move for its change to be called. */
public enum Direction {
    /** A drop (precision, recall, F1: lower is worse). */
    DOWN,
    /** A rise (word error rate: higher is worse). */
    UP,
    /** Either way (over-segmentation: a change of segmentation habit in either direction). */
    EITHER
}
