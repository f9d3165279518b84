package dev.orders.contract;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;

import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.order.Role;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentReceipt;
import dev.orders.dynamodb.support.Fixture;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * States of the table the sample events of events/ name (customer c-ada, the sample order and its lines,
 * the catalogue, the payment issue evt_3PzX9cLkq2), written through the repositories, not the routes.
 */
final class Seeds {
    /** The provider's event of the open issue that change-order/resolve-payment-issue resolves. */
    static final String SAMPLE_ISSUE_EVENT = "evt_3PzX9cLkq2";
    /** The provider's payment of that issue's capture. */
    static final String SAMPLE_ISSUE_PAYMENT = "pay_3PzX9cLkq2";
    /** The second charge of the sample order, which payment-webhook/refund-duplicate-charge refunds. */
    static final String DUPLICATE_PAYMENT = "pay_3PzX9cLkq2Yw7Hb2";
    /** The order id that names no order, and the provider's event of its issue, of payment-webhook/payment-unknown-order. */
    static final String UNKNOWN_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RZ";
    static final String UNKNOWN_ORDER_EVENT = "evt_01JCZ7E5F6G7H8J9K0M1N2P3QE";
    static final long SAMPLE_TOTAL = 2 * 1250 + 899;

    static final Consumer<Fixture> NOTHING = fx -> { };
    static final Consumer<Fixture> CUSTOMER = fx -> fx.customers.upsert(
            new CustomerDetails(SAMPLE_CUSTOMER, "Ada Lovelace", "ada@example.com"));
    static final Consumer<Fixture> CATALOGUE = Fixture::seedSampleProducts;
    static final Consumer<Fixture> ORDER = fx -> {
        CUSTOMER.accept(fx);
        fx.seedSampleOrder();
    };
    static final Consumer<Fixture> AWAITING_PAYMENT = ORDER.andThen(fx ->
            fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.AWAITING_PAYMENT));
    /** Captured by the provider: the order's total, so a refund of it applies. */
    static final Consumer<Fixture> PAID = AWAITING_PAYMENT.andThen(fx -> payment(fx, "evt_seed_capture",
            PaymentEventType.PAYMENT_SUCCEEDED, Fixture.SAMPLE_PAYMENT, SAMPLE_TOTAL, PaymentOutcome.APPLIED));
    /** Paid, and charged a second time: the DUPLICATE_CAPTURE issue of {@link #DUPLICATE_PAYMENT}. */
    static final Consumer<Fixture> DUPLICATE_CHARGE = PAID.andThen(fx -> payment(fx, "evt_seed_duplicate",
            PaymentEventType.PAYMENT_SUCCEEDED, DUPLICATE_PAYMENT, SAMPLE_TOTAL, PaymentOutcome.PAYMENT_ISSUE));
    /** The sample order with an open AMOUNT_MISMATCH issue of the sample's event id. */
    static final Consumer<Fixture> OPEN_ISSUE = ORDER.andThen(fx -> payment(fx, SAMPLE_ISSUE_EVENT,
            PaymentEventType.PAYMENT_SUCCEEDED, SAMPLE_ISSUE_PAYMENT, 1, PaymentOutcome.PAYMENT_ISSUE));
    /** An UNKNOWN_ORDER issue: a capture for an order id that names no order. */
    static final Consumer<Fixture> UNKNOWN_ORDER_ISSUE = fx -> payment(fx, UNKNOWN_ORDER, UNKNOWN_ORDER_EVENT,
            PaymentEventType.PAYMENT_SUCCEEDED, "pay_3PzX9cLkq2Yw7Hb3", 2500, PaymentOutcome.PAYMENT_ISSUE);
    /**
     * The sample order through most of its lifecycle, so reads answer every part of their schema: paid,
     * a duplicate capture recorded, resolved and partly refunded, the open issue of the sample, a line picked
     * (the order follows to IN_FULFILLMENT), a partial refund; each an event of its history.
     */
    static final Consumer<Fixture> LIFECYCLE = DUPLICATE_CHARGE.andThen(fx -> {
        PaymentIssueResolutionOutcome resolution = fx.resolutions.resolve(new PaymentIssueResolution(SAMPLE_ORDER,
                "evt_seed_duplicate", Role.ADMINISTRATOR, "user:ops-grace", "refunded in the provider's dashboard"));
        if (!(resolution instanceof PaymentIssueResolutionOutcome.Resolved)) {
            throw new IllegalStateException("seed: the duplicate capture was not resolved: " + resolution);
        }
        payment(fx, "evt_seed_duplicate_refund", PaymentEventType.REFUND_SUCCEEDED, DUPLICATE_PAYMENT, 1000,
                PaymentOutcome.APPLIED);
        payment(fx, SAMPLE_ISSUE_EVENT, PaymentEventType.PAYMENT_SUCCEEDED, SAMPLE_ISSUE_PAYMENT, 1,
                PaymentOutcome.PAYMENT_ISSUE);
        fx.moveLines(SAMPLE_ORDER, ItemStatus.PICKED, SAMPLE_ITEM);
        payment(fx, "evt_seed_refund", PaymentEventType.REFUND_SUCCEEDED, Fixture.SAMPLE_PAYMENT, 1250,
                PaymentOutcome.APPLIED);
    });

    private Seeds() {
    }

    /** A payment event of the provider for the sample order, which must have the {@code expected} outcome. */
    private static void payment(Fixture fx, String eventId, PaymentEventType type, String paymentId, long amount,
                                PaymentOutcome expected) {
        payment(fx, SAMPLE_ORDER, eventId, type, paymentId, amount, expected);
    }

    private static void payment(Fixture fx, String orderId, String eventId, PaymentEventType type, String paymentId,
                                long amount, PaymentOutcome expected) {
        PaymentReceipt receipt = fx.payments.process(new PaymentEvent(eventId, type, 1_795_348_795L, orderId,
                Optional.of(paymentId), amount, "EUR"));
        if (receipt.outcome() != expected) {
            throw new IllegalStateException("seed: " + eventId + " was " + receipt.outcome() + ", not " + expected);
        }
    }
}
