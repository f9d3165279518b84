package dev.orders.core.order;

/**
 * What the core decided on a request, given the order as read: refused with {@code O}, nothing to
 * write; or a step to commit, answered with {@code outcome} once it has; or, where no order has the id,
 * rows of its partition to write.
 */
public sealed interface Decision<O> {
    record Refused<O>(O outcome) implements Decision<O> {
    }

    record Write<O>(OrderStep step, O outcome) implements Decision<O> {
    }

    record WriteWithoutOrder<O>(UnknownOrderRows rows, O outcome) implements Decision<O> {
    }
}
