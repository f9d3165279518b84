package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.util.Optional;

/**
 * A request to move an order to {@code target}. The order is addressed by customer and id, or by id
 * alone ({@code customerId} empty). Without {@code expectedVersion} the current
 * version is read and the write is still conditioned on it.
 */
public record StatusChangeRequest(
        Optional<String> customerId,
        String orderId,
        OrderStatus target,
        Optional<Long> expectedVersion,
        String actor,
        Optional<String> reason) {
    public static final int MAX_REASON_LENGTH = 500;

    public StatusChangeRequest {
        customerId = Check.required("customerId", customerId).map(Ids::customerId);
        orderId = Ids.orderId(orderId);
        Check.required("status", target);
        Check.required("expectedVersion", expectedVersion)
                .ifPresent(version -> Check.range("expectedVersion", version, 1, Long.MAX_VALUE));
        actor = Check.text("changedBy", actor, 200);
        reason = Check.required("reason", reason).map(text -> Check.text("reason", text, MAX_REASON_LENGTH));
    }
}
