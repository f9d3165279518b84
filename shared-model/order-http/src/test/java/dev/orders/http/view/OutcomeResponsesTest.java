package dev.orders.http.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.order.CreateOrder;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.order.Role;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PricingRefusal;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StockShortage;
import dev.orders.core.product.StockOutcome;
import dev.orders.core.validation.FieldError;
import dev.orders.http.request.ExpectedVersion;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every case of every sealed outcome reaches its own answer: a case added to an outcome type without
 * an answer (or with the status of another case) fails here rather than answering something else.
 */
class OutcomeResponsesTest {
    /** Version 1 expected as the body's expectedVersion alone, and as If-Match. */
    private static final ExpectedVersion IN_BODY = new ExpectedVersion(Optional.of(1L), false);
    private static final ExpectedVersion IF_MATCH = new ExpectedVersion(Optional.of(1L), true);

    @Test
    void everyStatusChangeOutcomeHasItsOwnAnswer() {
        answersEachCase(StatusChangeOutcome.class, outcome -> OutcomeResponses.statusChange(outcome, IN_BODY), Map.of(
                StatusChangeOutcome.Changed.class, 200,
                StatusChangeOutcome.Forbidden.class, 403,
                StatusChangeOutcome.FollowsLines.class, 409,
                StatusChangeOutcome.StaleVersion.class, 409,
                StatusChangeOutcome.IllegalTransition.class, 409,
                StatusChangeOutcome.EmptyOrder.class, 409,
                StatusChangeOutcome.ReasonRequired.class, 400,
                StatusChangeOutcome.OrderNotFound.class, 404));
    }

    @Test
    void everyItemChangeOutcomeHasItsOwnAnswer() {
        Map<Class<?>, Integer> statuses = new HashMap<>();
        statuses.put(LineChangeOutcome.Added.class, 201);
        statuses.put(LineChangeOutcome.Removed.class, 204);
        statuses.put(LineChangeOutcome.Replayed.class, 201);
        statuses.put(LineChangeOutcome.KeyReused.class, 422);
        statuses.put(LineChangeOutcome.StatusChanged.class, 200);
        statuses.put(LineChangeOutcome.Forbidden.class, 403);
        statuses.put(LineChangeOutcome.OrderNotFound.class, 404);
        statuses.put(LineChangeOutcome.LineNotFound.class, 404);
        statuses.put(LineChangeOutcome.StaleVersion.class, 409);
        statuses.put(LineChangeOutcome.OrderNotOpen.class, 409);
        statuses.put(LineChangeOutcome.OrderNotInFulfillment.class, 409);
        statuses.put(LineChangeOutcome.IllegalLineTransition.class, 409);
        statuses.put(LineChangeOutcome.TooManyLines.class, 409);
        statuses.put(LineChangeOutcome.NotPriceable.class, 422);
        statuses.put(LineChangeOutcome.OutOfStock.class, 409);
        answersEachCase(LineChangeOutcome.class, outcome -> OutcomeResponses.lineChange(outcome, IN_BODY), statuses);
    }

    /** RFC 9110: a failed If-Match is 412; a stale expectedVersion of the body alone stays a 409 conflict. */
    @Test
    void aStaleVersionNamedByIfMatchIs412WithTheCurrentETagAndByTheBodyAlone409() {
        List<Function<ExpectedVersion, APIGatewayV2HTTPResponse>> staleAnswers = List.of(
                expected -> OutcomeResponses.statusChange(new StatusChangeOutcome.StaleVersion(7), expected),
                expected -> OutcomeResponses.lineChange(new LineChangeOutcome.StaleVersion(7), expected));
        for (Function<ExpectedVersion, APIGatewayV2HTTPResponse> answer : staleAnswers) {
            APIGatewayV2HTTPResponse precondition = answer.apply(IF_MATCH);
            APIGatewayV2HTTPResponse conflict = answer.apply(IN_BODY);

            assertEquals(412, precondition.getStatusCode());
            assertEquals("application/problem+json", precondition.getHeaders().get("content-type"));
            assertEquals("\"7\"", precondition.getHeaders().get("etag"), "the order's current ETag");
            assertTrue(precondition.getBody().contains("\"type\":\"urn:order-service:problem:stale-version\""),
                    precondition.getBody());
            assertTrue(precondition.getBody().contains("\"status\":412"), precondition.getBody());
            assertTrue(precondition.getBody().contains("\"currentVersion\":7"), precondition.getBody());
            assertEquals(409, conflict.getStatusCode());
            assertNull(conflict.getHeaders().get("etag"));
            assertTrue(conflict.getBody().contains("\"currentVersion\":7"), conflict.getBody());
        }
    }

    @Test
    void everyLineChangeAnswersTheOrdersNewVersionAsItsETag() {
        OrderLine item = (OrderLine) sample(OrderLine.class);
        List<LineChangeOutcome> changes = List.of(new LineChangeOutcome.Added(item, 2),
                new LineChangeOutcome.Removed(item, 3), new LineChangeOutcome.StatusChanged(item, 7));

        assertEquals(List.of("\"2\"", "\"3\"", "\"7\""), changes.stream()
                .map(change -> OutcomeResponses.lineChange(change, IN_BODY).getHeaders().get("etag")).toList());
    }

    @Test
    void everyOrderCreationOutcomeHasItsOwnAnswer() {
        answersEachCase(OrderCreationOutcome.class, result -> OutcomeResponses.orderCreation(result, Role.CUSTOMER), Map.of(
                OrderCreationOutcome.Created.class, 201,
                OrderCreationOutcome.KeyReused.class, 422,
                OrderCreationOutcome.NotOrderable.class, 422,
                OrderCreationOutcome.OutOfStock.class, 409));
    }

    @Test
    void everyStockSettingOutcomeHasItsOwnAnswer() {
        answersEachCase(StockOutcome.class, OutcomeResponses::stockSetting, Map.of(
                StockOutcome.Set.class, 200,
                StockOutcome.ProductNotFound.class, 404,
                StockOutcome.StaleVersion.class, 412,
                StockOutcome.BelowReserved.class, 409));
    }

    @Test
    void outOfStockNamesEachShortSkuWithWhatItHasAvailable() {
        List<StockShortage> shortages = List.of(new StockShortage("MUG-BLUE", 3, 1), new StockShortage("TEA", 2, 0));
        APIGatewayV2HTTPResponse order = OutcomeResponses.orderCreation(new OrderCreationOutcome.OutOfStock(shortages),
                Role.CUSTOMER);
        APIGatewayV2HTTPResponse line = OutcomeResponses.lineChange(new LineChangeOutcome.OutOfStock(shortages.get(0)),
                IN_BODY);

        assertEquals(409, order.getStatusCode());
        assertTrue(order.getBody().contains("\"type\":\"urn:order-service:problem:out-of-stock\""), order.getBody());
        assertTrue(order.getBody().contains("\"shortages\":[{\"sku\":\"MUG-BLUE\",\"requested\":3,\"available\":1},"
                + "{\"sku\":\"TEA\",\"requested\":2,\"available\":0}]"), order.getBody());
        assertEquals(409, line.getStatusCode());
        assertTrue(line.getBody().contains("\"shortages\":[{\"sku\":\"MUG-BLUE\",\"requested\":3,\"available\":1}]"),
                line.getBody());
    }

    @Test
    void everyPricingRefusalHasItsOwnAnswerNamingTheOffendingLines() {
        List<FieldError> lines = List.of(new FieldError("items[2].sku", "is not in the catalogue"));
        Function<PricingRefusal, APIGatewayV2HTTPResponse> asOrder =
                refusal -> OutcomeResponses.orderCreation(new OrderCreationOutcome.NotOrderable(refusal), Role.CUSTOMER);
        Function<PricingRefusal, APIGatewayV2HTTPResponse> asLine =
                refusal -> OutcomeResponses.lineChange(new LineChangeOutcome.NotPriceable(refusal), IN_BODY);
        for (Function<PricingRefusal, APIGatewayV2HTTPResponse> answer : List.of(asOrder, asLine)) {
            answersEachCase(PricingRefusal.class, answer, Map.of(
                    PricingRefusal.ProductUnavailable.class, 422,
                    PricingRefusal.CurrencyMismatch.class, 422,
                    PricingRefusal.AmountTooLarge.class, 422));
            String body = answer.apply(new PricingRefusal.ProductUnavailable(lines)).getBody();
            assertTrue(body.contains("\"field\":\"items[2].sku\""), body);
        }
    }

    @Test
    void aReplayedAdditionAnswersTheLineItAddedWithoutAnETagAndAReusedKeyAsOrderCreationDoes() {
        OrderLine item = (OrderLine) sample(OrderLine.class);
        List<LineChangeOutcome> cases = List.of(new LineChangeOutcome.Added(item, 4),
                new LineChangeOutcome.Replayed(item), new LineChangeOutcome.KeyReused());

        List<APIGatewayV2HTTPResponse> answers = cases.stream().map(result -> OutcomeResponses.lineChange(result, IN_BODY))
                .toList();

        assertEquals(List.of(201, 201, 422), answers.stream().map(APIGatewayV2HTTPResponse::getStatusCode).toList());
        assertNull(answers.get(0).getHeaders().get("idempotent-replayed"));
        assertEquals("\"4\"", answers.get(0).getHeaders().get("etag"));
        assertEquals("true", answers.get(1).getHeaders().get("idempotent-replayed"));
        assertNull(answers.get(1).getHeaders().get("etag"), "a replay does not know the order's version now");
        assertEquals(answers.get(0).getBody(), answers.get(1).getBody());
        assertEquals(OutcomeResponses.orderCreation(new OrderCreationOutcome.KeyReused(), Role.CUSTOMER).getBody(), answers.get(2).getBody());
    }

    @Test
    void everyCustomerCreationHasItsOwnAnswer() {
        answersEachCase(CustomerCreation.class, OutcomeResponses::customerCreation, Map.of(
                CustomerCreation.Created.class, 201,
                CustomerCreation.AlreadyExists.class, 412));
    }

    /** Each permitted case answers its expected status, and no two cases answer the same thing. */
    private static <T> void answersEachCase(Class<T> outcomeType, Function<T, APIGatewayV2HTTPResponse> answer,
                                            Map<Class<?>, Integer> expectedStatus) {
        assertTrue(outcomeType.isSealed(), outcomeType + " is sealed");
        Class<?>[] cases = outcomeType.getPermittedSubclasses();
        assertEquals(expectedStatus.keySet(), Set.of(cases), "the cases of " + outcomeType.getSimpleName());
        Map<String, Class<?>> seen = new HashMap<>();
        for (Class<?> kind : cases) {
            APIGatewayV2HTTPResponse response = answer.apply(outcomeType.cast(sample(kind)));
            assertEquals(expectedStatus.get(kind), response.getStatusCode(), kind.getName());
            String fingerprint = response.getStatusCode() + " " + new TreeMap<>(response.getHeaders()) + " " + response.getBody();
            Class<?> earlier = seen.put(fingerprint, kind);
            assertNull(earlier, kind.getSimpleName() + " answers exactly as " + earlier);
        }
    }

    /** An instance of {@code type} with plain values, built through canonical record constructors. */
    private static Object sample(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == long.class) {
            return 1L;
        }
        if (type == int.class) {
            return 1;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == Instant.class) {
            return Instant.EPOCH;
        }
        if (type == Optional.class) {
            return Optional.empty();
        }
        if (type == List.class) {
            return List.of();
        }
        if (type == Set.class) {
            return Set.of();
        }
        if (type == Map.class) {
            return Map.of();
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        if (type.isSealed()) {
            return sample(type.getPermittedSubclasses()[0]);
        }
        if (!type.isRecord()) {
            throw new IllegalArgumentException("no sample of " + type);
        }
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = sample(types[i]);
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build a sample of " + type, e);
        }
    }
}
