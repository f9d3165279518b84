package dev.orders.local.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * What start-api and start-lambda say when told to listen beyond the loopback: their API then answers other
 * machines, which only a warning at start tells the user (the SAM CLI's server, too, starts with a
 * "WARNING:" line). Dynoxide and the local event bus bind 127.0.0.1 whatever the host.
 */
final class NetworkExposure {
    private NetworkExposure() {
    }

    /**
     * The warning for {@code verb} listening on {@code host}, which serves what {@code exposed} says, if any
     * address of {@code host} is not a loopback one (0.0.0.0 and :: are every interface's).
     */
    static Optional<String> warning(String verb, String host, String exposed) {
        if (loopbackOnly(host)) {
            return Optional.empty();
        }
        return Optional.of("WARNING: " + verb + " listens on " + host + ", which other machines reach, not on this one's"
                + " loopback only: " + exposed + ". Dynoxide and the local event bus stay on 127.0.0.1. Leave out --host"
                + " (127.0.0.1) unless other machines must call it.");
    }

    /** A host that does not resolve is not bound either: the start fails on it, with no need of a warning. */
    private static boolean loopbackOnly(String host) {
        try {
            return Arrays.stream(InetAddress.getAllByName(host)).allMatch(InetAddress::isLoopbackAddress);
        } catch (UnknownHostException e) {
            return true;
        }
    }
}
