package dev.orders.http.stripe;

import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.validation.Check;
import dev.orders.http.request.JsonBody;
import java.util.Optional;

/**
 * What a Stripe event means to the service: a payment event for the core's decisions, the end of a checkout, or
 * nothing to act on.
 *
 * <p>A capture is the PaymentIntent's: {@code payment_intent.succeeded} ({@code amount_received}), and a Checkout
 * Session paid ({@code checkout.session.completed} with {@code payment_status: paid}, or
 * {@code checkout.session.async_payment_succeeded}: {@code amount_total}), each keyed by the PaymentIntent: whichever
 * of them arrive, and however often, the payment is processed once, and its record names the order its refunds reach.
 * The order is the PaymentIntent's {@code metadata.order_id}, or the session's {@code client_reference_id}, else its
 * {@code metadata.order_id}; a capture naming no order, or one that is no order id, is money for no order, recorded as
 * a payment issue under the PaymentIntent's id. {@code payment_intent.payment_failed} and
 * {@code checkout.session.async_payment_failed} are a failed payment attempt, keyed by Stripe's event id (a failed
 * attempt must not stand in the way of the PaymentIntent's success). A refund counts once it succeeded, keyed by its
 * own id, and a charge's refunds in all ({@code charge.refunded}) count what that refund did not: each refund once,
 * whichever of its events arrive ({@link dev.orders.core.order.RefundTally}); a dispute's opening is a payment issue and its closing resolves it; an expired session ends its order's
 * wait for payment.
 */
public sealed interface StripeDelivery {
    /** The core's payment event Stripe's event carries. */
    record Payment(PaymentEvent event) implements StripeDelivery {
    }

    /**
     * A refund or a dispute, which names only its payment: for the order that took it ({@code event}'s order id is the
     * payment's, where none did).
     */
    record OfItsPayment(PaymentEvent event) implements StripeDelivery {
    }

    /** A Checkout Session that expired unpaid: its order, if still awaiting payment, expires now. */
    record CheckoutExpired(String orderId) implements StripeDelivery {
    }

    /** Acknowledged, nothing written: a type the service does not act on, or an event that moved no money yet. */
    record NotActedOn(PaymentOutcome outcome, String why) implements StripeDelivery {
    }

    static StripeDelivery of(StripeEvent event) {
        JsonBody object = event.object();
        return switch (event.type()) {
            case "payment_intent.succeeded" -> payment(event, PaymentEventType.PAYMENT_SUCCEEDED,
                    "id", orderId(metadataOrderId(object)), "amount_received");
            case "payment_intent.payment_failed" -> payment(event, PaymentEventType.PAYMENT_FAILED,
                    "id", orderId(metadataOrderId(object)), "amount");
            case "checkout.session.completed" -> object.requiredString("payment_status").equals("paid")
                    ? sessionPayment(event, PaymentEventType.PAYMENT_SUCCEEDED)
                    : new NotActedOn(PaymentOutcome.NOT_APPLICABLE, "a session completed with payment_status "
                            + object.requiredString("payment_status") + ": no money moved yet");
            case "checkout.session.async_payment_succeeded" -> sessionPayment(event, PaymentEventType.PAYMENT_SUCCEEDED);
            case "checkout.session.async_payment_failed" -> sessionPayment(event, PaymentEventType.PAYMENT_FAILED);
            case "checkout.session.expired" -> sessionOrder(object)
                    .<StripeDelivery>map(CheckoutExpired::new)
                    .orElseGet(() -> new NotActedOn(PaymentOutcome.ORDER_NOT_FOUND, "an expired session of no order"));
            case "refund.created", "refund.updated", "refund.failed" -> refund(event);
            // The charge's refunds in all: it names none of them (its refunds list is not sent since 2022-11-15).
            case "charge.refunded" -> object.requiredLong("amount_refunded") == 0
                    ? new NotActedOn(PaymentOutcome.NOT_APPLICABLE, "a charge with nothing refunded")
                    : ofItsPayment(event, PaymentEventType.REFUNDED_IN_ALL, event.id(), "amount_refunded");
            // A dispute's opening is keyed by the dispute, its closing by the event; an inquiry closed without a
            // chargeback (warning_closed) moved no money.
            case "charge.dispute.created" -> ofItsPayment(event, PaymentEventType.DISPUTE_OPENED,
                    object.requiredString("id"), "amount");
            case "charge.dispute.closed" -> switch (object.requiredString("status")) {
                case "won" -> ofItsPayment(event, PaymentEventType.DISPUTE_WON, event.id(), "amount");
                case "lost" -> ofItsPayment(event, PaymentEventType.DISPUTE_LOST, event.id(), "amount");
                default -> new NotActedOn(PaymentOutcome.NOT_APPLICABLE, "a dispute closed "
                        + object.requiredString("status") + ": no money moved");
            };
            default -> new NotActedOn(PaymentOutcome.UNKNOWN_TYPE, "not a type this service acts on");
        };
    }

    /**
     * A refund counts once it has succeeded ({@code refund.created} of a card's refund, else the {@code refund.updated}
     * that tells of it), keyed by the refund ({@code re_...}), so whichever of its events arrive it counts once. One that
     * failed or was cancelled ({@code refund.failed}, {@code refund.updated}) is keyed by the refund too, apart, so
     * its failure is told once. Its payment is its PaymentIntent, or its charge where it has none (a charge made
     * without one).
     */
    private static StripeDelivery refund(StripeEvent event) {
        JsonBody refund = event.object();
        String id = refund.requiredString("id");
        return switch (refund.requiredString("status")) {
            case "succeeded" -> ofItsPayment(event, PaymentEventType.REFUND_SUCCEEDED, id, "amount");
            case "failed", "canceled" -> ofItsPayment(event, PaymentEventType.REFUND_FAILED, id + "-failed", "amount");
            default -> new NotActedOn(PaymentOutcome.NOT_APPLICABLE, "a refund "
                    + refund.requiredString("status") + ": counted once it succeeds");
        };
    }

    /**
     * The object's {@code amountField} of its payment, as {@code type}: its PaymentIntent, or where it has none (a
     * charge made without one) the charge, which is the object itself or the one it names.
     */
    private static StripeDelivery ofItsPayment(StripeEvent event, PaymentEventType type, String key, String amountField) {
        JsonBody object = event.object();
        String paymentField = object.optionalString("payment_intent").isPresent() ? "payment_intent"
                : object.requiredString("object").equals("charge") ? "id" : "charge";
        String payment = Check.safeId("data.object." + paymentField, object.requiredString(paymentField));
        String currency = StripeAmounts.currency("data.object.currency", object.requiredString("currency"));
        long amount = StripeAmounts.minorUnits("data.object." + amountField, object.requiredLong(amountField), currency);
        return new OfItsPayment(new PaymentEvent(Check.safeId("id", key), type, event.created(), payment,
                Optional.of(payment), amount, currency));
    }

    /** A session's payment: its PaymentIntent's, for its {@code amount_total}; a session without one moved no money. */
    private static StripeDelivery sessionPayment(StripeEvent event, PaymentEventType type) {
        JsonBody session = event.object();
        if (session.optionalString("payment_intent").isEmpty()) {
            return new NotActedOn(PaymentOutcome.NOT_APPLICABLE, "a session without a PaymentIntent (mode "
                    + session.optionalString("mode").orElse("unknown") + ")");
        }
        return payment(event, type, "payment_intent", sessionOrder(session), "amount_total");
    }

    private static Optional<String> sessionOrder(JsonBody session) {
        return orderId(session.optionalString("client_reference_id").or(() -> metadataOrderId(session)));
    }

    /** What the object names as its order, where that is an order id at all. */
    private static Optional<String> orderId(Optional<String> named) {
        return named.filter(id -> Check.SAFE_ID.matcher(id).matches());
    }

    private static Optional<String> metadataOrderId(JsonBody object) {
        return object.optionalObject("metadata").flatMap(metadata -> metadata.optionalString("order_id"));
    }

    /**
     * The payment of the PaymentIntent the object's {@code paymentIntentField} names, for {@code order} (an order id),
     * else for the PaymentIntent's id: the partition a capture for no order is recorded in (a failed attempt for no
     * order changes nothing).
     */
    private static StripeDelivery payment(StripeEvent event, PaymentEventType type, String paymentIntentField,
                                          Optional<String> order, String amountField) {
        JsonBody object = event.object();
        String paymentIntent = Check.safeId("data.object." + paymentIntentField,
                object.requiredString(paymentIntentField));
        String currency = StripeAmounts.currency("data.object.currency", object.requiredString("currency"));
        long amount = StripeAmounts.minorUnits("data.object." + amountField, object.requiredLong(amountField), currency);
        String key = type == PaymentEventType.PAYMENT_SUCCEEDED ? paymentIntent : event.id();
        return new Payment(new PaymentEvent(key, type, event.created(), order.orElse(paymentIntent),
                Optional.of(paymentIntent), amount, currency));
    }
}
