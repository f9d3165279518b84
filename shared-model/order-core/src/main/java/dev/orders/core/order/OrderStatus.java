package dev.orders.core.order;

import static dev.orders.core.order.MoveRequirement.LINES;
import static dev.orders.core.order.MoveRequirement.NO_PAYMENT;
import static dev.orders.core.order.MoveRequirement.PAYMENT;
import static dev.orders.core.order.MoveRequirement.REASON;
import static dev.orders.core.order.Role.ADMINISTRATOR;
import static dev.orders.core.order.Role.CUSTOMER;
import static dev.orders.core.order.Role.PAYMENT_PROVIDER;
import static dev.orders.core.order.Role.SYSTEM;

import dev.orders.core.validation.Check;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The order lifecycle as data, in one place: a row per status (whether it awaits payment, else what a capture
 * is there; what may happen to its lines) and a row per {@link Move} (from where, to where, by whom, requiring
 * what, writing which event). The decisions read these rows; every write's condition repeats the status read.
 * A new status or move is a row here, plus its tests.
 */
public enum OrderStatus {
    CREATED(Capture.AWAITED, Lines.EDITABLE),
    AWAITING_PAYMENT(Capture.AWAITED, Lines.FROZEN),
    PAID(Capture.issue(PaymentIssueKind.DUPLICATE_CAPTURE), Lines.IN_FULFILLMENT),
    IN_FULFILLMENT(Capture.issue(PaymentIssueKind.DUPLICATE_CAPTURE), Lines.IN_FULFILLMENT),
    PARTIALLY_FULFILLED(Capture.issue(PaymentIssueKind.DUPLICATE_CAPTURE), Lines.IN_FULFILLMENT),
    FULFILLED(Capture.issue(PaymentIssueKind.DUPLICATE_CAPTURE), Lines.FROZEN),
    CANCELLED(Capture.issue(PaymentIssueKind.CAPTURE_AFTER_CANCEL), Lines.RELEASED),
    /** Closed by the system: left awaiting payment longer than the payment window. */
    EXPIRED(Capture.issue(PaymentIssueKind.CAPTURE_AFTER_EXPIRY), Lines.RELEASED),
    /** Everything captured refunded: what its lines not yet shipped reserve is given back, shipped ones stay sold. */
    REFUNDED(Capture.issue(PaymentIssueKind.DUPLICATE_CAPTURE), Lines.RELEASED),
    /**
     * Held for review (fraud, address) by an administrator: nothing moves on, a capture is an issue for a person, and
     * the release returns the order to the status it was held from ({@link Order#heldFrom()}).
     */
    ON_HOLD(Capture.issue(PaymentIssueKind.CAPTURE_ON_HOLD), Lines.FROZEN);

    /**
     * Every move of an order's status. A paid order is not cancelled but refunded: money has moved. A capture,
     * by the provider or by hand, starts where the status awaits payment: that property of a status, never "may
     * move to PAID", is what pays an order. The provider's events make the moves {@link #CAPTURE},
     * {@link #PAYMENT_ATTEMPT_FAILED} and {@link #REFUND}; a capture anywhere else is the status's issue. A move
     * {@link #whereItWas()} leads to the status the order left for the one it leaves, as the order records it.
     */
    public enum Move {
        /** The customer's checkout: lines and price are frozen and payment is asked for. */
        CHECKOUT(anyOf(CREATED), AWAITING_PAYMENT, By.roles(CUSTOMER, ADMINISTRATOR), MoveEffect.STATUS, LINES),
        /** A failed payment attempt: the customer started paying, so the order awaits payment. */
        PAYMENT_ATTEMPT_FAILED(anyOf(CREATED), AWAITING_PAYMENT, By.roles(PAYMENT_PROVIDER), MoveEffect.STATUS, LINES),
        /** The provider's capture of the order's total. */
        CAPTURE(OrderStatus::awaitsPayment, PAID, By.roles(PAYMENT_PROVIDER), MoveEffect.CAPTURE, LINES),
        /** An administrator records the total as paid elsewhere. */
        CAPTURE_BY_HAND(OrderStatus::awaitsPayment, PAID, By.roles(ADMINISTRATOR), MoveEffect.CAPTURE, LINES, REASON),
        /** Before payment; an order on hold only if it was held before any was captured. */
        CANCEL(anyOf(CREATED, AWAITING_PAYMENT, ON_HOLD), CANCELLED, By.roles(CUSTOMER, ADMINISTRATOR), MoveEffect.STATUS,
                NO_PAYMENT),
        /**
         * The system closes an order left awaiting payment longer than the payment window, or the provider one whose
         * checkout ended unpaid (Stripe's expired Checkout Session): the statuses it leaves are those with a payment
         * window ({@link OrderStatus#hasPaymentWindow()}).
         */
        EXPIRE(anyOf(AWAITING_PAYMENT), EXPIRED, By.roles(SYSTEM, PAYMENT_PROVIDER), MoveEffect.STATUS),
        /** By an administrator, or by the order once one of its lines is picked. */
        START_FULFILLMENT(anyOf(PAID), IN_FULFILLMENT, By.rolesAndLines(ADMINISTRATOR), MoveEffect.STATUS),
        SHIP_IN_PART(anyOf(IN_FULFILLMENT), PARTIALLY_FULFILLED, By.LINES, MoveEffect.STATUS),
        FULFIL(anyOf(IN_FULFILLMENT, PARTIALLY_FULFILLED), FULFILLED, By.LINES, MoveEffect.STATUS),
        /** The provider's refund that returns all that was captured; earlier ones leave the status as it is. */
        REFUND(holdingPayment(), REFUNDED, By.roles(PAYMENT_PROVIDER), MoveEffect.REFUND, PAYMENT),
        /** An administrator records all that is left as refunded. */
        REFUND_BY_HAND(holdingPayment(), REFUNDED, By.roles(ADMINISTRATOR), MoveEffect.REFUND, PAYMENT, REASON),
        /** An administrator stops an order for review, before it is fulfilled. */
        HOLD(anyOf(CREATED, AWAITING_PAYMENT, PAID), ON_HOLD, By.roles(ADMINISTRATOR), MoveEffect.STATUS, REASON),
        /** The review is over: the order goes on from where it was held (awaiting payment: its window starts again). */
        RELEASE(anyOf(ON_HOLD), whereItWas(), By.roles(ADMINISTRATOR), MoveEffect.STATUS);

        private final Predicate<OrderStatus> from;
        /** Empty for a move back to where the order was. */
        private final Optional<OrderStatus> to;
        private final By by;
        private final MoveEffect writes;
        private final Set<MoveRequirement> requires;

        Move(Predicate<OrderStatus> from, OrderStatus to, By by, MoveEffect writes, MoveRequirement... requires) {
            this(from, Optional.of(to), by, writes, requires);
        }

        Move(Predicate<OrderStatus> from, Optional<OrderStatus> to, By by, MoveEffect writes,
             MoveRequirement... requires) {
            this.from = from;
            this.to = to;
            this.by = by;
            this.writes = writes;
            this.requires = Set.of(requires);
        }

        public boolean isFrom(OrderStatus status) {
            return from.test(status);
        }

        public Set<OrderStatus> from() {
            return statuses(from);
        }

        /** Whether it leads back to where the order was, rather than to a status of its own. */
        public boolean returns() {
            return to.isEmpty();
        }

        /** Where it takes {@code order}: its own status, or the one the order left for the status it leaves. */
        public OrderStatus to(Order order) {
            return to.orElseGet(() -> order.heldFrom().orElseThrow(
                    () -> new IllegalStateException("order " + order.orderId() + " records no status to return to")));
        }

        /**
         * Every status it may lead to: its own, or for a move back, each status from which a move enters one it
         * leaves.
         */
        public Set<OrderStatus> targets() {
            if (to.isPresent()) {
                return EnumSet.of(to.get());
            }
            return Arrays.stream(values()).filter(into -> !into.returns() && from().contains(into.to.get()))
                    .flatMap(into -> into.from().stream())
                    .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
        }

        public By by() {
            return by;
        }

        public MoveEffect writes() {
            return writes;
        }

        public boolean requires(MoveRequirement requirement) {
            return requires.contains(requirement);
        }

        /**
         * What this move requires that {@code order}, asked for with {@code reason}, does not have; empty when it may
         * be made.
         */
        public Optional<MoveRequirement> unmetBy(Order order, Optional<String> reason) {
            return Arrays.stream(MoveRequirement.values()).filter(this::requires)
                    .filter(requirement -> !requirement.isMetBy(order, reason)).findFirst();
        }

        /** Whether {@code order} has what this move requires of an order (the request's reason aside). */
        public boolean isOpenTo(Order order) {
            return isFrom(order.status()) && requires.stream().filter(MoveRequirement::isOfTheOrder)
                    .allMatch(requirement -> requirement.isMetBy(order, Optional.empty()));
        }

        /** The move {@code role} makes of {@code order} to {@code to}; empty when there is none from its status. */
        public static Optional<Move> of(Order order, OrderStatus to, Role role) {
            return Arrays.stream(values()).filter(move -> move.isFrom(order.status()) && move.to(order) == to
                    && move.by.roles().contains(role)).findFirst();
        }

        /** The statuses some move may take {@code order} to, as it is: the lifecycle's answer to "what next?". */
        public static Set<OrderStatus> allowedFor(Order order) {
            return Arrays.stream(values()).filter(move -> move.isOpenTo(order)).map(move -> move.to(order))
                    .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
        }
    }

    /** Who makes a move: roles asking for it, and the order itself when it follows its lines. */
    public record By(Set<Role> roles, boolean lines) {
        static final By LINES = new By(Set.of(), true);

        static By roles(Role... roles) {
            return new By(Set.of(roles), false);
        }

        static By rolesAndLines(Role... roles) {
            return new By(Set.of(roles), true);
        }
    }

    /** What a capture is to an order in a status: awaited (it pays the order), or an issue of a kind. */
    public record Capture(Optional<PaymentIssueKind> issue) {
        static final Capture AWAITED = new Capture(Optional.empty());

        static Capture issue(PaymentIssueKind kind) {
            return new Capture(Optional.of(kind));
        }
    }

    /** What may happen to the lines of an order in a status. */
    enum Lines {
        /** Added and removed: only until checkout, since a price asked for payment never changes. */
        EDITABLE,
        FROZEN,
        /** Frozen, and what they still reserve given back: the order was closed before they shipped. */
        RELEASED,
        /** Picked, shipped or cancelled: only while the order is being fulfilled. */
        IN_FULFILLMENT
    }

    private final Capture capture;
    private final Lines lines;

    OrderStatus(Capture capture, Lines lines) {
        this.capture = capture;
        this.lines = lines;
    }

    /** Whether a capture pays an order in this status. */
    public boolean awaitsPayment() {
        return capture.issue().isEmpty();
    }

    /** The issue a capture is in this status, which does not await payment. */
    public Optional<PaymentIssueKind> captureIssue() {
        return capture.issue();
    }

    /** The statuses some move may lead to from here, for some order: none where the status is terminal. */
    public Set<OrderStatus> next() {
        return Arrays.stream(Move.values()).filter(move -> move.isFrom(this)).flatMap(move -> move.targets().stream())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
    }

    /** Whether an order in this status records where it was: a move leads back from here. */
    public boolean holds() {
        return Arrays.stream(Move.values()).anyMatch(move -> move.returns() && move.isFrom(this));
    }

    public boolean isOpenForLineChanges() {
        return lines == Lines.EDITABLE;
    }

    public boolean isInFulfillment() {
        return lines == Lines.IN_FULFILLMENT;
    }

    /**
     * Whether a move here gives back the stock the order's lines still reserve: it closes the order before they ship
     * (unpaid, or refunded).
     */
    public boolean releasesStock() {
        return lines == Lines.RELEASED;
    }

    /**
     * Whether an order in this status is closed by the system when its payment window ends: the statuses
     * {@link Move#EXPIRE} leaves. While in one, the order carries a payment-window entry the system's sweep finds.
     */
    public boolean hasPaymentWindow() {
        return Move.EXPIRE.isFrom(this);
    }

    /**
     * A status only the order's lines move it to: no one asks for it ({@link LineStatuses#orderStatusFrom}), so it can never
     * contradict the lines (PARTIALLY_FULFILLED and FULFILLED).
     */
    public boolean followsLines() {
        Set<Move> into = Arrays.stream(Move.values()).filter(move -> move.targets().contains(this))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Move.class)));
        return !into.isEmpty() && into.stream().allMatch(move -> move.by().roles().isEmpty());
    }

    /** The statuses that are {@code which}: {@code where(OrderStatus::isInFulfillment)}. */
    public static Set<OrderStatus> where(Predicate<OrderStatus> which) {
        return statuses(which);
    }

    public static OrderStatus parse(String field, String text) {
        return Check.oneOf(field, text, OrderStatus.class);
    }

    private static Set<OrderStatus> statuses(Predicate<OrderStatus> which) {
        return Arrays.stream(values()).filter(which)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
    }

    /** Where an order may hold the money it was paid: what a refund returns (on hold: if it was paid). */
    private static Predicate<OrderStatus> holdingPayment() {
        return anyOf(PAID, IN_FULFILLMENT, PARTIALLY_FULFILLED, FULFILLED, ON_HOLD);
    }

    /** The target of a move back: the status the order left for the one the move leaves. */
    private static Optional<OrderStatus> whereItWas() {
        return Optional.empty();
    }

    private static Predicate<OrderStatus> anyOf(OrderStatus... statuses) {
        Set<OrderStatus> from = EnumSet.copyOf(Arrays.asList(statuses));
        return from::contains;
    }
}
