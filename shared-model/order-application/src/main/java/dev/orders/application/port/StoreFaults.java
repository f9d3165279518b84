package dev.orders.application.port;

import java.util.Optional;

/** How the store's adapter tells its failures apart, so that callers never handle its client's exceptions. */
public interface StoreFaults {
    /** The fault {@code failure} stands for; empty when it is not a failure of a call to the store. */
    Optional<StoreFault> of(RuntimeException failure);

    /** The store's own error code of {@code failure}, for the log; empty text when none. */
    String errorCode(RuntimeException failure);
}
