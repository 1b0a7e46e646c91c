package dev.segmon.app.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import org.junit.jupiter.api.Test;

class ListenAddressTest {
    @Test
    void hostAndPortAnIpv6AddressInBracketsOrEveryInterface() {
        assertEquals(new ListenAddress("127.0.0.1", 9464), ListenAddress.parse("127.0.0.1:9464"));
        assertEquals(new ListenAddress("metrics.internal", 0), ListenAddress.parse(" metrics.internal:0 "));
        assertEquals(new ListenAddress("::1", 9464), ListenAddress.parse("[::1]:9464"));
        assertEquals(new ListenAddress(null, 9464), ListenAddress.parse(":9464"));
        assertEquals("[::1]:9464", ListenAddress.parse("[::1]:9464").toString());
        assertEquals(":9464", ListenAddress.parse(":9464").toString());
        for (String bad : new String[] {"9464", "::1:9464", "host:", "host:http", "host:70000"}) {
            assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse(bad), bad);
        }
    }

    @Test
    void aMalformedOneIsAUsageErrorNamingTheSetting() {
        CliRun r = CliRun.of("run", "--bootstrap-servers", "127.0.0.1:1", "--web-listen-address", "::1:9464");
        assertEquals(2, r.exit());
        assertEquals("segmon: --web-listen-address: web-listen-address=::1:9464: an IPv6 address goes in brackets: [ADDRESS]:PORT", r.err().strip());
        assertTrue(r.out().isEmpty());
    }
}
