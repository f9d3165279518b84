package dev.orders.functions.paymentwebhook;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.Http;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Problem;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.JsonBody;
import dev.orders.http.stripe.StripeDelivery;
import dev.orders.http.stripe.StripeEvent;
import dev.orders.lambda.aws.SecretSource;
import dev.orders.lambda.aws.SecretsManagerStore;
import dev.orders.lambda.metrics.ServiceMetrics;
import dev.orders.wiring.Services;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The payment providers' webhooks: Stripe's events as Stripe sends them ({@code POST /webhooks/stripe}) and the
 * neutral form any other provider's are translated to ({@code POST /webhooks/payments}). Neither has a JWT: the HMAC
 * signature of the raw body is the authentication, checked before anything is read. Every event that is signed and
 * well-formed is acknowledged with 200 (applied, recorded as a payment issue, duplicate, or not applicable), so the
 * provider stops retrying; only a bad signature or a malformed event is refused, and nothing is written for either.
 */
public final class PaymentWebhookFunction extends ApiFunction {
    /**
     * Comma-separated shared secrets of the neutral route, the current one first, then any still accepted during
     * rotation (a {@link SecretSource}: its id in {@code WEBHOOK_SECRET_ID}, or its value locally).
     */
    public static final String WEBHOOK_SECRET = "WEBHOOK_SECRET";
    /** The Stripe endpoint's signing secret ({@code whsec_...}), likewise: two while Stripe rolls it. */
    public static final String STRIPE_WEBHOOK_SECRET = "STRIPE_WEBHOOK_SECRET";
    private static final Logger LOG = LoggerFactory.getLogger(PaymentWebhookFunction.class);

    /** The secrets of the two routes. */
    public record Secrets(SecretSource payments, SecretSource stripe) {
    }

    public PaymentWebhookFunction() {
        this(Services.fromEnvironment(), secrets(System.getenv()), Clock.systemUTC());
    }

    public PaymentWebhookFunction(Services services, Secrets secrets, Clock clock) {
        this(new ProcessPaymentEvent(services.orders(), services.clock(), ProcessPaymentEvent.ACTOR),
                new StripePayments(new ProcessPaymentEvent(services.orders(), services.clock(),
                        ProcessPaymentEvent.STRIPE_ACTOR), new ChangeOrderStatus(services.orders(), services.clock())),
                secrets, clock, services.storeFaults());
    }

    /** What Stripe's events reach: the payment core, and the lifecycle for a checkout that expired. */
    private record StripePayments(ProcessPaymentEvent payments, ChangeOrderStatus statuses) {
    }

    private PaymentWebhookFunction(ProcessPaymentEvent payments, StripePayments stripePayments, Secrets secrets,
                                   Clock clock, StoreFaults faults) {
        super(new Router(List.of(
                new Route("POST", "/webhooks/payments", Access.signedByHandler(), request -> receive(payments,
                        new WebhookSignature(WebhookSignature.secretsOf(secrets.payments().value()), clock), request)),
                new Route("POST", "/webhooks/stripe", Access.signedByHandler(), request -> receiveStripe(stripePayments,
                        new WebhookSignature(WebhookSignature.secretsOf(secrets.stripe().value()), clock), request)))),
                faults);
    }

    /** The secrets configured by {@value #WEBHOOK_SECRET} and {@value #STRIPE_WEBHOOK_SECRET}; without them it must not start. */
    public static Secrets secrets(Map<String, String> env) {
        return new Secrets(secret(env, WEBHOOK_SECRET), secret(env, STRIPE_WEBHOOK_SECRET));
    }

    private static SecretSource secret(Map<String, String> env, String name) {
        return SecretSource.fromEnvironment(env, name, SecretsManagerStore.fromEnvironment(env))
                .orElseThrow(() -> SecretSource.notSet(name));
    }

    /** {@code signature} holds the secrets of this request: read through the cache, so a rotation reaches it. */
    private static APIGatewayV2HTTPResponse receive(ProcessPaymentEvent payments, WebhookSignature signature,
                                                    HttpRequest request) {
        Optional<APIGatewayV2HTTPResponse> refused = refusedUnsigned(signature, request, "Webhook-Signature", 401,
                "does not match.");
        if (refused.isPresent()) {
            return refused.get();
        }
        JsonBody json = JsonBody.parse(request.body());
        String id = json.requiredString("id");
        String type = json.requiredString("type");
        Optional<PaymentEventType> known = PaymentEventType.of(type);
        if (known.isEmpty()) {
            // Acknowledged before its data is read: a type of any shape must not make the provider retry for days.
            LOG.info("payment event {} of type {} acknowledged: not a type this service acts on", id, type);
            return answer(PaymentEventOutcome.of(id, PaymentOutcome.UNKNOWN_TYPE));
        }
        PaymentEvent event = event(id, known.get(), json);
        return answered(payments.process(event), event, type);
    }

    /**
     * The answer to a request whose {@code header} does not sign its raw body ({@code status}, a problem, nothing read
     * further); empty when it does.
     */
    private static Optional<APIGatewayV2HTTPResponse> refusedUnsigned(WebhookSignature signature, HttpRequest request,
                                                                      String header, int status, String mismatch) {
        Optional<WebhookSignature.Rejection> rejection = signature.verify(
                request.header(header.toLowerCase(Locale.ROOT)), request.body().orElse(""));
        rejection.ifPresent(why -> LOG.warn("payment webhook refused: {} {}", header, why));
        return rejection.map(why -> Http.problem(Problem.of(status, "invalid-signature", "Invalid signature", "The "
                + header + " header is missing, malformed, outside the time window or " + mismatch)));
    }

    /**
     * Stripe's event, signed as Stripe signs it ({@code Stripe-Signature}; a refusal is 400, as Stripe's libraries
     * answer it), read as {@link StripeDelivery} says.
     */
    private static APIGatewayV2HTTPResponse receiveStripe(StripePayments stripe, WebhookSignature signature,
                                                          HttpRequest request) {
        Optional<APIGatewayV2HTTPResponse> refused = refusedUnsigned(signature, request, "Stripe-Signature", 400,
                "is signed with another endpoint's secret.");
        if (refused.isPresent()) {
            return refused.get();
        }
        StripeEvent stripeEvent = StripeEvent.read(JsonBody.parse(request.body()));
        StripeDelivery delivery = StripeDelivery.of(stripeEvent);
        if (delivery instanceof StripeDelivery.NotActedOn notActedOn) {
            LOG.info("payment event {} of type {} acknowledged: {}", stripeEvent.id(), stripeEvent.type(),
                    notActedOn.why());
            return answer(PaymentEventOutcome.of(stripeEvent.id(), notActedOn.outcome()));
        }
        if (delivery instanceof StripeDelivery.CheckoutExpired expired) {
            return expire(stripe.statuses(), stripeEvent, expired.orderId());
        }
        if (delivery instanceof StripeDelivery.OfItsPayment ofItsPayment) {
            PaymentEvent event = ofItsPayment.event();
            return answered(stripe.payments().processForItsPayment(event), event, stripeEvent.type());
        }
        PaymentEvent event = ((StripeDelivery.Payment) delivery).event();
        return answered(stripe.payments().process(event), event, stripeEvent.type());
    }

    /**
     * The order of an expired Checkout Session expires now, as the payment window's sweep would expire it; an order
     * paid, cancelled or expired before is left as it is (the move is decided on the order as read).
     */
    private static APIGatewayV2HTTPResponse expire(ChangeOrderStatus statuses, StripeEvent event, String orderId) {
        StatusChangeOutcome outcome = statuses.change(new StatusChangeRequest(Optional.empty(), orderId,
                OrderStatus.EXPIRED, Role.PAYMENT_PROVIDER, Optional.empty(), ProcessPaymentEvent.STRIPE_ACTOR,
                Optional.of("checkout session expired")));
        PaymentOutcome answer = outcome instanceof StatusChangeOutcome.Changed ? PaymentOutcome.APPLIED
                : outcome instanceof StatusChangeOutcome.OrderNotFound ? PaymentOutcome.ORDER_NOT_FOUND
                : PaymentOutcome.NOT_APPLICABLE;
        LOG.info("payment event {} ({}) for order {}: {}", event.id(), event.type(), orderId, answer);
        return answer(PaymentEventOutcome.of(event.id(), answer));
    }

    /**
     * The core's outcome of {@code event} (of the provider's {@code type}), logged, answered and counted by the core's
     * type, whichever route it came through.
     */
    private static APIGatewayV2HTTPResponse answered(PaymentEventOutcome processed, PaymentEvent event, String type) {
        if (processed.outcome() == PaymentOutcome.APPLIED) {
            ServiceMetrics.paymentApplied(event.type().wireName());
        }
        if (processed.issue().isPresent()) {
            ServiceMetrics.paymentIssueRecorded(processed.issue().get().name());
            LOG.warn("payment event {} ({}, {} {}) for order {}: payment issue {} recorded", event.id(), type,
                    event.amount(), event.currency(), event.orderId(), processed.issue().get());
        } else {
            LOG.info("payment event {} ({}) for order {}: {}", event.id(), type, event.orderId(), processed.outcome());
        }
        return answer(processed);
    }

    private static APIGatewayV2HTTPResponse answer(PaymentEventOutcome processed) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("eventId", processed.eventId());
        json.put("outcome", processed.outcome().wireName());
        processed.issue().ifPresent(kind -> json.put("issue", kind.name()));
        return Http.json(200, json);
    }

    /**
     * {@code {id, type, created, data: {orderId, paymentId, amount, currency}}} of a type this service acts on;
     * {@code paymentId} is required where money moved (the event checks it).
     */
    private static PaymentEvent event(String id, PaymentEventType type, JsonBody body) {
        long created = body.requiredLong("created");
        JsonBody data = body.requiredObject("data");
        String orderId = data.requiredString("orderId");
        Optional<String> paymentId = data.optionalString("paymentId");
        long amount = data.requiredLong("amount");
        String currency = data.requiredString("currency");
        return new PaymentEvent(id, type, created, orderId, paymentId, amount, currency);
    }
}
