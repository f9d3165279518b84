package dev.orders.contract;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.Caller;
import dev.orders.lambda.json.Json;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SampleScene;
import dev.orders.http.support.Seeds;
import dev.orders.http.support.SignedSamples;
import dev.orders.routes.PathTemplate;
import dev.orders.testsupport.faults.FaultyHttpClient.Fault;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** The exchanges the contract test sends: every sample event of events/ as it is, and typical errors. */
final class Exchanges {
    private static final String UNKNOWN_ID = "01JCZ6X3N1S4M2B0QK9V7TQ5ZZ";

    private Exchanges() {
    }

    /** Every HTTP sample of events/, against the table it names, answered its success status ({@link SampleScene}). */
    static List<Exchange> samples() {
        return SampleScene.all().stream().map(scene -> sample(scene.sample(), scene.seed(), scene.status())).toList();
    }

    /**
     * Reads of what the samples do not show, so that every optional field of a response is seen both present
     * and absent: whole histories of {@link Seeds#LIFECYCLE}'s two orders, to their customer and to the staff,
     * and first pages of a history, the feeds and the payment issues, which carry a cursor.
     */
    static List<Exchange> states() {
        return List.of(
                Exchange.of("the whole history of the lifecycle's order, to its customer", "query-orders/get-order-history",
                        Seeds.LIFECYCLE, onlyQuery(Map.of("limit", "100")), 200),
                Exchange.of("the whole history of the lifecycle's order, to the staff", "query-orders/get-order-history-by-id",
                        Seeds.LIFECYCLE, onlyQuery(Map.of("limit", "100")), 200),
                Exchange.of("the history of an order paid and refunded by an administrator, to its customer",
                        "query-orders/get-order-history", Seeds.LIFECYCLE,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", Seeds.ADMINISTERED_ORDER)), 200),
                Exchange.of("the history of an order paid and refunded by an administrator, to the staff",
                        "query-orders/get-order-history-by-id", Seeds.LIFECYCLE,
                        at(Map.of("orderId", Seeds.ADMINISTERED_ORDER)), 200),
                Exchange.of("the order paid and refunded by an administrator", "query-orders/get-order", Seeds.LIFECYCLE,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", Seeds.ADMINISTERED_ORDER)), 200),
                Exchange.of("a first page of the lifecycle's history", "query-orders/get-order-history", Seeds.LIFECYCLE,
                        onlyQuery(Map.of("limit", "2")), 200),
                Exchange.of("a first page of a customer's orders", "query-orders/list-customer-orders", Seeds.LIFECYCLE,
                        onlyQuery(Map.of("limit", "1")), 200),
                Exchange.of("a first page of all orders", "query-orders/list-orders", Seeds.LIFECYCLE,
                        onlyQuery(Map.of("limit", "1")), 200),
                Exchange.of("a first page of the open payment issues", "query-orders/list-payment-issues", Seeds.LIFECYCLE,
                        onlyQuery(Map.of("limit", "1")), 200),
                Exchange.of("a product whose stock is tracked, to any caller", "product-catalog/get-product", Seeds.STOCKED,
                        UnaryOperator.identity(), 200),
                Exchange.of("the history of an order of stocked tea: reserved, released by a line removed and cancelled, sold",
                        "query-orders/get-order-history", Seeds.STOCK_MOVES,
                        event -> onlyQuery(Map.of("limit", "100")).apply(
                                at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", Seeds.STOCKED_ORDER)).apply(event)), 200),
                Exchange.of("the history of an order of stocked tea, cancelled: its reservation released",
                        "query-orders/get-order-history", Seeds.STOCK_MOVES,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", Seeds.RELEASED_ORDER)), 200),
                Exchange.of("the history of an order of stocked tea, refunded before it shipped: its reservation released",
                        "query-orders/get-order-history", Seeds.STOCK_MOVES,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", Seeds.REFUNDED_ORDER)), 200));
    }

    /** The refusals of callers, for every sample, typical errors of single routes, and a replayed creation. */
    static List<Exchange> errors() {
        List<Exchange> errors = new ArrayList<>();
        for (Exchange sample : samples()) {
            errors.addAll(callerRefusals(sample));
        }
        errors.addAll(List.of(
                Exchange.of("400 invalid fields: create-order/create-order with quantity 0", "create-order/create-order",
                        Seeds.CATALOGUE, body(Map.of("items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 0)))), 400),
                Exchange.of("400 invalid fields: customer-profile/put-customer without email", "customer-profile/put-customer",
                        Seeds.NOTHING, body(Map.of("name", "Ada Lovelace")), 400),
                Exchange.of("400 malformed JSON: product-catalog/put-product", "product-catalog/put-product",
                        Seeds.NOTHING, body("{\"name\":"), 400),
                Exchange.of("400 invalid query: query-orders/list-orders with limit 0", "query-orders/list-orders",
                        Seeds.ORDER, query(Map.of("limit", "0")), 400),
                Exchange.of("400 malformed payment event: payment-webhook/payment-succeeded without data, signed",
                        "payment-webhook/payment-succeeded", Seeds.AWAITING_PAYMENT,
                        compose(body(Map.of("id", "evt_no_data", "type", "payment.succeeded", "created", 1_795_348_795L)),
                                SignedSamples::signedNow), 400),
                Exchange.of("401 expired signature: payment-webhook/payment-succeeded signed ten minutes ago",
                        "payment-webhook/payment-succeeded", Seeds.AWAITING_PAYMENT,
                        event -> SignedSamples.signed(event, Instant.now().minus(Duration.ofMinutes(10))), 401),
                Exchange.of("403 forbidden transition: a customer marks its order PAID (change-order/mark-paid)",
                        "change-order/mark-paid", Seeds.ORDER, as(SAMPLE_CUSTOMER, "orders"), 403),
                Exchange.of("403 forbidden transition: a customer asks for its order PAID (change-order/change-status)",
                        "change-order/change-status", Seeds.ORDER, body(Map.of("status", "PAID")), 403),
                Exchange.of("403 forbidden transition: a customer picks a line (change-order/change-item-status)",
                        "change-order/change-item-status", Seeds.PAID, as(SAMPLE_CUSTOMER, "orders"), 403),
                Exchange.of("404 unknown customer: customer-profile/get-customer", "customer-profile/get-customer",
                        Seeds.NOTHING, UnaryOperator.identity(), 404),
                Exchange.of("404 unknown product: product-catalog/get-product", "product-catalog/get-product",
                        Seeds.CATALOGUE, at(Map.of("sku", "TEAPOT-1L")), 404),
                Exchange.of("404 unknown order: query-orders/get-order", "query-orders/get-order", Seeds.ORDER,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", UNKNOWN_ID)), 404),
                Exchange.of("404 unknown order: query-orders/get-order-by-id", "query-orders/get-order-by-id", Seeds.ORDER,
                        at(Map.of("orderId", UNKNOWN_ID)), 404),
                Exchange.of("404 unknown item: query-orders/get-order-item", "query-orders/get-order-item", Seeds.ORDER,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", SAMPLE_ORDER, "itemId", UNKNOWN_ID)), 404),
                Exchange.of("404 unknown order: query-orders/get-order-history", "query-orders/get-order-history",
                        Seeds.ORDER, at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", UNKNOWN_ID)), 404),
                Exchange.of("404 unknown order: change-order/change-status", "change-order/change-status", Seeds.ORDER,
                        at(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", UNKNOWN_ID)), 404),
                Exchange.of("404 unknown payment issue: change-order/resolve-payment-issue",
                        "change-order/resolve-payment-issue", Seeds.OPEN_ISSUE,
                        at(Map.of("orderId", SAMPLE_ORDER, "eventId", "evt_unknown")), 404),
                Exchange.of("404 deleted twice: change-order/delete-item", "change-order/delete-item", Seeds.ORDER,
                        UnaryOperator.identity(), 404).after(UnaryOperator.identity()),
                Exchange.of("409 stale version in the body: change-order/change-status", "change-order/change-status",
                        Seeds.AWAITING_PAYMENT, body(Map.of("status", "CANCELLED", "expectedVersion", 1)), 409),
                Exchange.of("412 stale version in If-Match: change-order/delete-item", "change-order/delete-item",
                        Seeds.ORDER, header("if-match", "\"7\""), 412),
                Exchange.of("412 stale version in If-Match: change-order/add-item", "change-order/add-item",
                        Seeds.ORDER, header("if-match", "\"7\""), 412),
                Exchange.of("412 stale version in If-Match: change-order/change-status", "change-order/change-status",
                        Seeds.AWAITING_PAYMENT, compose(body(Map.of("status", "CANCELLED")), header("if-match", "\"1\"")), 412),
                Exchange.of("412 stale version in If-Match: change-order/mark-paid", "change-order/mark-paid",
                        Seeds.ORDER, header("if-match", "\"7\""), 412),
                Exchange.of("412 stale version in If-Match: change-order/change-item-status", "change-order/change-item-status",
                        Seeds.PAID, header("if-match", "\"7\""), 412),
                Exchange.of("409 out of stock: create-order/create-order of the last mug, reserved",
                        "create-order/create-order", Seeds.STOCKED, UnaryOperator.identity(), 409),
                Exchange.of("409 stock below reserved: product-catalog/put-stock of none", "product-catalog/put-stock",
                        Seeds.STOCKED, body(Map.of("onHand", 0)), 409),
                Exchange.of("412 stale stock version in If-Match: product-catalog/put-stock", "product-catalog/put-stock",
                        Seeds.STOCKED, header("if-match", "\"7\""), 412),
                Exchange.of("404 stock of a product not tracked: product-catalog/get-stock", "product-catalog/get-stock",
                        Seeds.CATALOGUE, UnaryOperator.identity(), 404),
                Exchange.of("409 illegal transition: change-order/mark-paid to IN_FULFILLMENT",
                        "change-order/mark-paid", Seeds.ORDER, body(Map.of("status", "IN_FULFILLMENT")), 409),
                Exchange.of("409 order not open: change-order/add-item to a paid order", "change-order/add-item",
                        Seeds.PAID, UnaryOperator.identity(), 409),
                Exchange.of("409 status follows the lines: change-order/mark-paid to FULFILLED", "change-order/mark-paid",
                        Seeds.PAID, body(Map.of("status", "FULFILLED", "reason", "shipped")), 409),
                Exchange.of("409 order not in fulfillment: change-order/change-item-status of a new order",
                        "change-order/change-item-status", Seeds.ORDER, UnaryOperator.identity(), 409),
                Exchange.of("409 already resolved: change-order/resolve-payment-issue twice",
                        "change-order/resolve-payment-issue", Seeds.OPEN_ISSUE, UnaryOperator.identity(), 409)
                        .after(UnaryOperator.identity()),
                Exchange.of("412 exists already: customer-profile/put-customer-if-absent", "customer-profile/put-customer-if-absent",
                        Seeds.CUSTOMER, UnaryOperator.identity(), 412),
                Exchange.of("413 body too large: customer-profile/put-customer", "customer-profile/put-customer",
                        Seeds.NOTHING, body(Map.of("name", "x".repeat(70 * 1024), "email", "ada@example.com")), 413),
                Exchange.of("422 product not in the catalogue: create-order/create-order", "create-order/create-order",
                        Seeds.CATALOGUE, body(Map.of("items", List.of(Map.of("sku", "TEAPOT-1L", "quantity", 1)))), 422),
                Exchange.of("422 idempotency key reused: create-order/create-order with another body", "create-order/create-order",
                        Seeds.CATALOGUE, body(Map.of("items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 5)))), 422)
                        .after(UnaryOperator.identity()),
                Exchange.of("201 replayed: create-order/create-order sent twice", "create-order/create-order",
                        Seeds.CATALOGUE, UnaryOperator.identity(), 201).after(UnaryOperator.identity()),
                Exchange.of("503 unavailable: query-orders/get-order while DynamoDB fails", "query-orders/get-order",
                        Seeds.ORDER, UnaryOperator.identity(), 503).failing("Query", Fault.INTERNAL_SERVER_ERROR),
                Exchange.of("503 outcome unknown: create-order/create-order while DynamoDB fails", "create-order/create-order",
                        Seeds.CATALOGUE, UnaryOperator.identity(), 503).failing("TransactWriteItems", Fault.INTERNAL_SERVER_ERROR),
                Exchange.of("503 busy: change-order/change-status while DynamoDB throttles", "change-order/change-status",
                        Seeds.ORDER, UnaryOperator.identity(), 503).failing("TransactWriteItems", Fault.THROTTLING)));
        return errors;
    }

    /**
     * A sample without a token (401), from another customer or an administrator on a customer's route (404:
     * whether the resource exists is not told), and from a customer on a route for administrators (403). The
     * webhook takes no token.
     */
    private static List<Exchange> callerRefusals(Exchange sample) {
        Map<String, Object> json = SampleEvents.json(sample.sample());
        if (!(((Map<?, ?>) json.get("requestContext")).get("authorizer") instanceof Map<?, ?> authorizer)) {
            return List.of();
        }
        List<Exchange> refusals = new ArrayList<>();
        refusals.add(Exchange.of("401 without a token: " + sample.sample(), sample.sample(), sample.seed(),
                Api::anonymous, 401));
        String path = ((String) json.get("routeKey")).split(" ", 2)[1];
        // The scopes API Gateway admitted the sample's caller with: listed only on the administrators' routes.
        Object admitted = ((Map<?, ?>) authorizer.get("jwt")).get("scopes");
        boolean byAdministrator = admitted instanceof List<?> scopes && scopes.contains(Caller.ADMIN_SCOPE);
        if (path.startsWith("/customers/{customerId}")) {
            refusals.add(Exchange.of("404 another customer's: " + sample.sample(), sample.sample(), sample.seed(),
                    as("c-eve", "orders"), 404));
            refusals.add(Exchange.of("404 an administrator on a customer's route: " + sample.sample(), sample.sample(),
                    sample.seed(), as(Api.ADMIN, Caller.ADMIN_SCOPE), 404));
        } else if (byAdministrator) {
            refusals.add(Exchange.of("403 a customer on a route for administrators: " + sample.sample(), sample.sample(),
                    sample.seed(), as(SAMPLE_CUSTOMER, "orders"), 403));
        }
        return refusals;
    }

    /** The sample as it is; a webhook's sample signed now, as the provider would deliver it. */
    private static Exchange sample(String sample, Consumer<Fixture> seed, int status) {
        return Exchange.of("events/" + sample + ".json", sample, seed, SignedSamples::signedNow, status);
    }

    private static UnaryOperator<APIGatewayV2HTTPEvent> as(String subject, String... scopes) {
        return event -> Api.as(event, subject, scopes);
    }

    private static UnaryOperator<APIGatewayV2HTTPEvent> body(Object body) {
        return event -> {
            event.setBody(body instanceof String text ? text : Json.write(body));
            return event;
        };
    }

    private static UnaryOperator<APIGatewayV2HTTPEvent> header(String name, String value) {
        return event -> Api.withHeader(event, name, value);
    }

    private static UnaryOperator<APIGatewayV2HTTPEvent> query(Map<String, String> parameters) {
        return event -> {
            Map<String, String> query = new LinkedHashMap<>(event.getQueryStringParameters());
            query.putAll(parameters);
            return onlyQuery(query).apply(event);
        };
    }

    /** The event with exactly these query parameters (plain values, as API Gateway passes them decoded). */
    private static UnaryOperator<APIGatewayV2HTTPEvent> onlyQuery(Map<String, String> parameters) {
        return event -> {
            event.setQueryStringParameters(new LinkedHashMap<>(parameters));
            event.setRawQueryString(String.join("&", parameters.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).toList()));
            return event;
        };
    }

    /** The event at other path parameters: both the parameters and the raw path, as API Gateway sends them. */
    private static UnaryOperator<APIGatewayV2HTTPEvent> at(Map<String, String> pathParameters) {
        return event -> {
            String template = event.getRouteKey().split(" ", 2)[1];
            event.setPathParameters(new LinkedHashMap<>(pathParameters));
            event.setRawPath(PathTemplate.of(template).expand(name -> PathTemplate.encodeSegment(pathParameters.get(name))));
            return event;
        };
    }

    private static UnaryOperator<APIGatewayV2HTTPEvent> compose(UnaryOperator<APIGatewayV2HTTPEvent> first,
                                                                UnaryOperator<APIGatewayV2HTTPEvent> then) {
        return event -> then.apply(first.apply(event));
    }
}
