package dev.orders.application.order;

import dev.orders.application.port.OrderStore;
import dev.orders.application.port.PaymentWindowStore;
import dev.orders.application.port.StoreFault;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.order.AwaitingPayment;
import dev.orders.core.order.PaymentWindow;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The payment window's sweep: every order awaiting payment for longer than {@code window} is closed by the system
 * (EXPIRED, its stock released). It reads the orders awaiting payment since before the window's cutoff, shard by
 * shard, a page at a time, and closes each as any status change is made ({@link ChangeOrderStatus}): the order read,
 * the core deciding (still awaiting payment at the version read), the write conditioned on that version, decided
 * again on the order as it is now when a capture or a cancellation came first, which then skips it. One order's
 * fault (throttled, the store unreachable) is counted and left for the next sweep; the others go on.
 */
public record ExpireUnpaidOrders(OrderStore store, PaymentWindowStore windows, StoreFaults faults, PaymentWindow window,
                                 Clock clock) {
    /** Entries read per Query. */
    static final int PAGE = 100;

    /** One sweep, at the clock's time (the schedule's event says nothing this needs). */
    public Sweep sweep() {
        Instant now = Timestamps.truncate(clock.instant());
        ChangeOrderStatus change = new ChangeOrderStatus(store, clock);
        List<String> expired = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<Failure> failed = new ArrayList<>();
        for (int shard = 0; shard < windows.shards(); shard++) {
            Optional<AwaitingPayment> after = Optional.empty();
            PaymentWindowStore.Page page;
            do {
                page = windows.awaitingSince(shard, window.cutoff(now), after, PAGE);
                for (AwaitingPayment awaiting : page.entries()) {
                    Optional<StatusChangeRequest> expiry = window.expiry(awaiting, now);
                    if (expiry.isEmpty()) {
                        skipped.add(awaiting.orderId());
                        continue;
                    }
                    try {
                        boolean closed = change.change(expiry.get()) instanceof StatusChangeOutcome.Changed;
                        (closed ? expired : skipped).add(awaiting.orderId());
                    } catch (RuntimeException e) {
                        StoreFault fault = faults.of(e).orElseThrow(() -> e);
                        failed.add(new Failure(awaiting.orderId(), fault, faults.errorCode(e)));
                    }
                }
                after = page.entries().isEmpty() ? after : Optional.of(page.entries().get(page.entries().size() - 1));
            } while (page.more() && !page.entries().isEmpty());
        }
        return new Sweep(now, expired, skipped, failed);
    }

    /**
     * What one sweep at {@code at} did: the orders it expired, those it skipped (paid, cancelled or gone since the
     * index listed them), and those it could not reach, to be tried again by the next sweep.
     */
    public record Sweep(Instant at, List<String> expired, List<String> skipped, List<Failure> failed) {
        public Sweep {
            expired = List.copyOf(expired);
            skipped = List.copyOf(skipped);
            failed = List.copyOf(failed);
        }
    }

    /** An order the sweep could not close for a fault of the store, with the store's error code (empty text when none). */
    public record Failure(String orderId, StoreFault fault, String errorCode) {
    }
}
