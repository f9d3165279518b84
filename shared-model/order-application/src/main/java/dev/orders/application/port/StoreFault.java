package dev.orders.application.port;

/**
 * What a failed call of the store means for the client, whatever the store is: whether it may pass, and
 * whether a write may have been applied all the same. The store's client has retried within its bounds.
 */
public enum StoreFault {
    /** The store answered every attempt and refused the last one for the moment (throttled, conflicting): nothing was written. */
    BUSY,
    /** The store failed on its side: a write may or may not have been applied. */
    UNAVAILABLE,
    /** An attempt got no answer (connection failed or timed out): a write may or may not have been applied. */
    UNREACHABLE,
    /** The store refused the request itself: a fault of this code, not of the moment. */
    REFUSED
}
