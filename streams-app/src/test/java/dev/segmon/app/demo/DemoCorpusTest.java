package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoCorpusTest {

    @Test
    void shippedCorpusCutsIntoItsVoiceActivitySegments() {
        List<DemoCorpus.Utterance> corpus = DemoCorpus.load();
        // Counted independently with awk over the shipped files (a word goes to the VAD segment
        // holding its midpoint):
        // awk 'FNR==NR {n[$1]++; vf[$1,n[$1]]=$2; vt[$1,n[$1]]=$3; next}
        //      {m=($2+$3)/2; for(i=1;i<=n[$1];i++) if (m>=vf[$1,i] && m<vt[$1,i]) {c[$1"_"i]++; tot++; break}}
        //      END {u=0; for(k in c) u++; print u, tot}' mandarin.vad mandarin.wrd   ->   999 18773
        assertEquals(999, corpus.size());
        assertEquals(18773, corpus.stream().mapToInt(u -> u.words().size()).sum());
    }

    @Test
    void utteranceTimesStartAtTheSegmentOnset() {
        DemoCorpus.Utterance first = DemoCorpus.load().get(0);
        // mandarin.vad line 1: "A08 0.7825 8.2625"; its words run from "A08 0.7825 1.0925 七十"
        // to "A08 7.9625 8.2625 ..."; 17 of them (awk '$1=="A08" && $3<=8.2625' | wc -l).
        assertEquals("A08_0001", first.id());
        assertEquals(17, first.words().size());
        assertEquals(new Segment(0.0, 0.31, "七十"), first.words().get(0)); // 0.7825 - 0.7825, 1.0925 - 0.7825
        assertEquals(7.48, first.words().get(16).end(), 1e-9);             // 8.2625 - 0.7825
    }

    @Test
    void wordStickingOutOfItsSegmentIsClippedToIt() {
        List<DemoCorpus.Utterance> cut = DemoCorpus.cut(
                List.of(new String[] {"f", "0.9", "1.3", "a"}, new String[] {"f", "1.3", "2.2", "b"}),
                List.<String[]>of(new String[] {"f", "1.0", "2.0"}));
        // a: midpoint 1.1 inside, clipped to [1.0, 1.3] -> [0.0, 0.3]; b: midpoint 1.75, clipped to [1.3, 2.0] -> [0.3, 1.0].
        assertEquals(List.of(new DemoCorpus.Utterance("f_0001",
                List.of(new Segment(0.0, 0.3, "a"), new Segment(0.3, 1.0, "b")))), cut);
    }
}
