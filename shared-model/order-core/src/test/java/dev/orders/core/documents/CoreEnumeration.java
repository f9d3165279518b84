package dev.orders.core.documents;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.payment.PaymentOutcome;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * An enum of the core as the documents publish it: its published name (openapi.yaml's schema names, which do
 * not follow renames of the code) and its values in the core's declared order.
 */
record CoreEnumeration(String name, List<String> values) {
    /**
     * Every enum of the core the documents list. The roles a caller of the HTTP API acts in are listed apart:
     * the payment provider acts through the signed webhook, and the system on its schedules, never as a caller.
     */
    static final List<CoreEnumeration> ALL = List.of(
            of("OrderStatus", OrderStatus.values()),
            of("ItemStatus", LineStatus.values()),
            of("PaymentIssueKind", PaymentIssueKind.values()),
            of("PaymentIssue.Direction", PaymentIssue.Direction.values()),
            new CoreEnumeration("PaymentOutcome", Arrays.stream(PaymentOutcome.values()).map(PaymentOutcome::wireName).toList()),
            of("Role", Role.values()),
            of("Role of a caller", Stream.of(Role.values()).filter(role -> role != Role.PAYMENT_PROVIDER && role != Role.SYSTEM).toArray(Role[]::new)));

    static Optional<CoreEnumeration> named(String name) {
        return ALL.stream().filter(enumeration -> enumeration.name.equals(name)).findFirst();
    }

    /**
     * The enum a document's enumeration of {@code listed} values stands for: the one sharing most values with it,
     * then the one it misses fewest values of, then the first declared. Empty where it shares none (not an enum of
     * the core) and for a single value, a constant by design (an OrderCreated's status is CREATED).
     */
    static Optional<CoreEnumeration> listedIn(List<String> listed) {
        if (listed.size() < 2) {
            return Optional.empty();
        }
        return ALL.stream().filter(enumeration -> enumeration.shared(listed) > 0)
                .max(Comparator.comparingLong((CoreEnumeration enumeration) -> enumeration.shared(listed))
                        .thenComparingLong(enumeration -> -enumeration.missing(listed)));
    }

    private long shared(List<String> listed) {
        return values.stream().filter(listed::contains).count();
    }

    private long missing(List<String> listed) {
        return values.stream().filter(value -> !listed.contains(value)).count();
    }

    private static CoreEnumeration of(String name, Enum<?>[] values) {
        return new CoreEnumeration(name, Arrays.stream(values).map(Enum::name).toList());
    }
}
