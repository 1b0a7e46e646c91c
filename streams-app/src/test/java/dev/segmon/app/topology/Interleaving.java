package dev.segmon.app.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random merge of message streams, each keeping its own order: how records of many utterances
 * and of the two input topics may interleave (docs/contract.md 3.1).
 */
final class Interleaving {
    private Interleaving() {
    }

    /** One message of the merge: from stream {@code stream}, and whether it is that stream's last. */
    record Step(int stream, String[] message, boolean last) {
    }

    /** Each step picks one of the streams with messages left, uniformly. */
    static List<Step> merge(Random rnd, List<List<String[]>> streams) {
        int[] pos = new int[streams.size()];
        List<Step> out = new ArrayList<>();
        while (true) {
            List<Integer> live = new ArrayList<>();
            for (int i = 0; i < streams.size(); i++) {
                if (pos[i] < streams.get(i).size()) {
                    live.add(i);
                }
            }
            if (live.isEmpty()) {
                return out;
            }
            int s = live.get(rnd.nextInt(live.size()));
            String[] msg = streams.get(s).get(pos[s]++);
            out.add(new Step(s, msg, pos[s] == streams.get(s).size()));
        }
    }
}
