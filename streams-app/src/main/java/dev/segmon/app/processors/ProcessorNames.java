package dev.segmon.app.processors;

/**
 * The names of the stores and sinks the {@link BoundaryProcessor} uses, handed in by whoever
 * builds the topology (the processor knows no topology). {@code commitFlush}: the task's
 * {@link dev.segmon.app.state.CommitFlushStore}, which writes the open states once per commit.
 */
public record ProcessorNames(String utterances, String referenceParts, String hypothesisParts, String totals, String deadLetterCounts,
                             String referenceClock, String minuteWindows, String commitFlush,
                             String scoresSink, String minuteWindowsSink, String deadLettersSink) {
}
