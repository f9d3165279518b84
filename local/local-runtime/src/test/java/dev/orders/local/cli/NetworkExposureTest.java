package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** start-api and start-lambda say, when they start on a host beyond the loopback, what anyone who reaches it can call. */
class NetworkExposureTest {

    @Test
    void startLambdaOnEveryInterfaceWarnsThatAnyoneCanRunAnyFunctionWithAnyEvent() {
        assertEquals(Optional.of("WARNING: start-lambda listens on 0.0.0.0, which other machines reach, not on this one's"
                + " loopback only: the Invoke API checks no credentials, so anyone who reaches it runs any function with"
                + " any event, an event with an administrator's claims too. Dynoxide and the local event bus stay on"
                + " 127.0.0.1. Leave out --host (127.0.0.1) unless other machines must call it."),
                NetworkExposure.warning("start-lambda", "0.0.0.0", StartLambdaCommand.EXPOSED));
    }

    @Test
    void startApiOnEveryInterfaceWarnsOfTheHttpApiAndItsWebhook() {
        assertEquals(Optional.of("WARNING: start-api listens on ::, which other machines reach, not on this one's"
                + " loopback only: the HTTP API answers anyone who reaches it, its payment webhooks any delivery signed"
                + " with WEBHOOK_SECRET or STRIPE_WEBHOOK_SECRET (fixed development values unless you set them), its other"
                + " routes any token of"
                + " the issuer it trusts. Dynoxide and the local event bus stay on 127.0.0.1. Leave out --host"
                + " (127.0.0.1) unless other machines must call it."),
                NetworkExposure.warning("start-api", "::", StartApiCommand.EXPOSED));
    }

    @Test
    void anAddressOfANetworkInterfaceIsWarnedOfToo() {
        String warning = NetworkExposure.warning("start-api", "192.0.2.10", StartApiCommand.EXPOSED).orElseThrow();
        assertTrue(warning.startsWith("WARNING: start-api listens on 192.0.2.10, which other machines reach"), warning);
    }

    @Test
    void theLoopbackByAnyNameIsNotWarnedOf() {
        for (String host : List.of("127.0.0.1", "localhost", "::1", "127.0.0.2")) {
            assertEquals(Optional.empty(), NetworkExposure.warning("start-lambda", host, StartLambdaCommand.EXPOSED), host);
            assertEquals(Optional.empty(), NetworkExposure.warning("start-api", host, StartApiCommand.EXPOSED), host);
        }
    }
}
