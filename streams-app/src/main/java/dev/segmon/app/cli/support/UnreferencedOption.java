package dev.segmon.app.cli.support;

import dev.segmon.model.boundary.Unreferenced;
import picocli.CommandLine.Option;

/** {@code --unreferenced}, shared by {@code eval boundaries} and {@code replay} so that both pair an id the same way (docs/contract.md 2.1). */
public final class UnreferencedOption {
    @Option(names = "--unreferenced", paramLabel = "skip|score-empty", defaultValue = "skip",
            description = "An id only in the hypothesis file: left out of the counts (skip, default) or scored against an empty reference.")
    String unreferenced;

    /** The choice; a usage error (exit 2) for an unknown one. */
    public Unreferenced value() {
        try {
            return Unreferenced.parse(unreferenced);
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --unreferenced " + e.getMessage());
        }
    }
}
