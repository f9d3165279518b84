package dev.orders.core.order;

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
    REFUNDED(Capture.issue(PaymentIssueKind.DUPLICATE_CAPTURE), Lines.RELEASED);

    /**
     * Every move of an order's status. A paid order is not cancelled but refunded: money has moved. A capture,
     * by the provider or by hand, starts where the status awaits payment: that property of a status, never "may
     * move to PAID", is what pays an order. The provider's events make the moves {@link #CAPTURE},
     * {@link #PAYMENT_ATTEMPT_FAILED} and {@link #REFUND}; a capture anywhere else is the status's issue.
     */
    public enum Move {
        /** The customer's checkout: lines and price are frozen and payment is asked for. */
        CHECKOUT(anyOf(CREATED), AWAITING_PAYMENT, By.roles(CUSTOMER, ADMINISTRATOR), MoveEffect.STATUS,
                Requirement.LINES),
        /** A failed payment attempt: the customer started paying, so the order awaits payment. */
        PAYMENT_ATTEMPT_FAILED(anyOf(CREATED), AWAITING_PAYMENT, By.roles(PAYMENT_PROVIDER), MoveEffect.STATUS,
                Requirement.LINES),
        /** The provider's capture of the order's total. */
        CAPTURE(OrderStatus::awaitsPayment, PAID, By.roles(PAYMENT_PROVIDER), MoveEffect.CAPTURE, Requirement.LINES),
        /** An administrator records the total as paid elsewhere. */
        CAPTURE_BY_HAND(OrderStatus::awaitsPayment, PAID, By.roles(ADMINISTRATOR), MoveEffect.CAPTURE, Requirement.LINES,
                Requirement.REASON),
        CANCEL(anyOf(CREATED, AWAITING_PAYMENT), CANCELLED, By.roles(CUSTOMER, ADMINISTRATOR), MoveEffect.STATUS),
        /**
         * The system closes an order left awaiting payment longer than the payment window: the statuses it leaves
         * are those with a payment window ({@link OrderStatus#hasPaymentWindow()}).
         */
        EXPIRE(anyOf(AWAITING_PAYMENT), EXPIRED, By.roles(SYSTEM), MoveEffect.STATUS),
        /** By an administrator, or by the order once one of its lines is picked. */
        START_FULFILLMENT(anyOf(PAID), IN_FULFILLMENT, By.rolesAndLines(ADMINISTRATOR), MoveEffect.STATUS),
        SHIP_IN_PART(anyOf(IN_FULFILLMENT), PARTIALLY_FULFILLED, By.LINES, MoveEffect.STATUS),
        FULFIL(anyOf(IN_FULFILLMENT, PARTIALLY_FULFILLED), FULFILLED, By.LINES, MoveEffect.STATUS),
        /** The provider's refund that returns all that was captured; earlier ones leave the status as it is. */
        REFUND(holdingPayment(), REFUNDED, By.roles(PAYMENT_PROVIDER), MoveEffect.REFUND),
        /** An administrator records all that is left as refunded. */
        REFUND_BY_HAND(holdingPayment(), REFUNDED, By.roles(ADMINISTRATOR), MoveEffect.REFUND, Requirement.REASON);

        private final Predicate<OrderStatus> from;
        private final OrderStatus to;
        private final By by;
        private final MoveEffect writes;
        private final Set<Requirement> requires;

        Move(Predicate<OrderStatus> from, OrderStatus to, By by, MoveEffect writes, Requirement... requires) {
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

        public OrderStatus to() {
            return to;
        }

        public By by() {
            return by;
        }

        public MoveEffect writes() {
            return writes;
        }

        public boolean requires(Requirement requirement) {
            return requires.contains(requirement);
        }

        /** What this move requires that {@code order} does not have; empty when it may make it. */
        public Optional<Requirement> unmetBy(Order order) {
            return Arrays.stream(Requirement.values()).filter(this::requires)
                    .filter(requirement -> !requirement.isMetBy(order)).findFirst();
        }

        /** The move {@code role} makes from {@code from} to {@code to}; empty when there is none. */
        public static Optional<Move> of(OrderStatus from, OrderStatus to, Role role) {
            return Arrays.stream(values())
                    .filter(move -> move.isFrom(from) && move.to == to && move.by.roles().contains(role)).findFirst();
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

    /** What a move needs: lines (something to pay for), and a reason where a person moves money by hand. */
    public enum Requirement {
        LINES(order -> order.itemCount() > 0),
        /** The request's, checked before the order is read. */
        REASON(order -> true);

        private final Predicate<Order> metBy;

        Requirement(Predicate<Order> metBy) {
            this.metBy = metBy;
        }

        public boolean isMetBy(Order order) {
            return metBy.test(order);
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

    /** Legal next statuses: those some move reaches from here. */
    public Set<OrderStatus> next() {
        return Arrays.stream(Move.values()).filter(move -> move.isFrom(this)).map(Move::to)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
    }

    public boolean canMoveTo(OrderStatus target) {
        return next().contains(target);
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
     * A status only the order's lines move it to: no one asks for it ({@link #followingLines}), so it can never
     * contradict the lines (PARTIALLY_FULFILLED and FULFILLED).
     */
    public boolean followsLines() {
        Set<Move> into = Arrays.stream(Move.values()).filter(move -> move.to() == this)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Move.class)));
        return !into.isEmpty() && into.stream().allMatch(move -> move.by().roles().isEmpty());
    }

    /**
     * The status an order in fulfillment takes from its lines' statuses: FULFILLED when every line is
     * SHIPPED or CANCELLED and one was shipped, PARTIALLY_FULFILLED when some are shipped, IN_FULFILLMENT
     * once one is picked. Itself when the lines do not move it (no move of the lines leads there: the lifecycle
     * never moves backwards; an order whose lines were all cancelled stays as it is, to be refunded).
     */
    public OrderStatus followingLines(LineStatuses lines) {
        if (!isInFulfillment()) {
            return this;
        }
        boolean shipped = lines.count(LineStatus.SHIPPED) > 0;
        boolean done = lines.count(LineStatus.PENDING) == 0 && lines.count(LineStatus.PICKED) == 0;
        boolean started = shipped || lines.count(LineStatus.PICKED) > 0;
        OrderStatus follows = shipped && done ? FULFILLED : shipped ? PARTIALLY_FULFILLED : started ? IN_FULFILLMENT : this;
        boolean linesMoveIt = Arrays.stream(Move.values())
                .anyMatch(move -> move.by().lines() && move.isFrom(this) && move.to() == follows);
        return linesMoveIt ? follows : this;
    }

    public static Set<OrderStatus> openForLineChanges() {
        return statuses(OrderStatus::isOpenForLineChanges);
    }

    public static Set<OrderStatus> inFulfillment() {
        return statuses(OrderStatus::isInFulfillment);
    }

    public static OrderStatus parse(String field, String text) {
        return Check.oneOf(field, text, OrderStatus.class);
    }

    private static Set<OrderStatus> statuses(Predicate<OrderStatus> which) {
        return Arrays.stream(values()).filter(which)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
    }

    /** Where an order holds the money it was paid: what a refund returns. */
    private static Predicate<OrderStatus> holdingPayment() {
        return anyOf(PAID, IN_FULFILLMENT, PARTIALLY_FULFILLED, FULFILLED);
    }

    private static Predicate<OrderStatus> anyOf(OrderStatus... statuses) {
        Set<OrderStatus> from = EnumSet.copyOf(Arrays.asList(statuses));
        return from::contains;
    }
}
