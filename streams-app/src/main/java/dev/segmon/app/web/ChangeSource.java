package dev.segmon.app.web;

import java.util.List;

/** What the change detectors of this instance hold (docs/detection.md): one entry per series it owns. */
public interface ChangeSource {
    List<SeriesChange> local();

    static ChangeSource none() {
        return List::of;
    }
}
