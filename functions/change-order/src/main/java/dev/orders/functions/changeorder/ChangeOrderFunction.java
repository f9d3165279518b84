package dev.orders.functions.changeorder;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.order.LineIntake;
import dev.orders.dynamodb.order.OrderLines;
import dev.orders.dynamodb.order.OrderWrites;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.JsonBody;
import dev.orders.http.request.OrderRequests;
import dev.orders.http.view.OutcomeResponses;
import dev.orders.http.wiring.Services;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Changes of an order: its status (with history and optimistic lock), and its lines (add, idempotently
 * under an Idempotency-Key, and remove while open; line status during fulfilment).
 */
public final class ChangeOrderFunction extends ApiFunction {
    private static final String ORDER = "/customers/{customerId}/orders/{orderId}";
    /** An If-Match entity tag: "3" or W/"3". */
    private static final Pattern ENTITY_TAG = Pattern.compile("(?:W/)?\"(\\d{1,18})\"");

    public ChangeOrderFunction() {
        this(Services.fromEnvironment());
    }

    public ChangeOrderFunction(Services services) {
        this(services.orderLines(), services.lineIntake(), services.orderWrites());
    }

    private ChangeOrderFunction(OrderLines lines, LineIntake intake, OrderWrites writes) {
        super(new Router(List.of(
                new Route("POST", ORDER + "/status", Access.owner(), request -> changeStatus(writes, request)),
                new Route("POST", ORDER + "/items", Access.owner(), request -> addItem(intake, request)),
                new Route("DELETE", ORDER + "/items/{itemId}", Access.owner(), request -> removeItem(lines, request)),
                new Route("PUT", ORDER + "/items/{itemId}/status", Access.owner(), request -> changeItemStatus(lines, request)))));
    }

    private static APIGatewayV2HTTPResponse changeStatus(OrderWrites writes, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        JsonBody body = JsonBody.parse(request.body());
        OrderStatus target = OrderStatus.parse("status", body.requiredString("status"));
        return OutcomeResponses.statusChange(writes.changeStatus(new StatusChangeRequest(Optional.of(customerId),
                orderId, target, request.role(), expectedVersion(body, request), request.actor(),
                body.optionalString("reason"))));
    }

    /** From the body's expectedVersion or the If-Match header; both present must agree. */
    private static Optional<Long> expectedVersion(JsonBody body, HttpRequest request) {
        Optional<Long> fromBody = body.optionalLong("expectedVersion");
        Optional<Long> fromHeader = request.header("if-match").map(String::trim).map(tag -> {
            Matcher matcher = ENTITY_TAG.matcher(tag);
            if (!matcher.matches()) {
                throw new ValidationException("If-Match", "must be the ETag of the order, such as \"3\"");
            }
            return Long.parseLong(matcher.group(1));
        });
        if (fromBody.isPresent() && fromHeader.isPresent() && !fromBody.equals(fromHeader)) {
            throw new ValidationException("expectedVersion", "differs from the If-Match header");
        }
        return fromBody.or(() -> fromHeader);
    }

    private static APIGatewayV2HTTPResponse addItem(LineIntake intake, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        return OutcomeResponses.lineIntake(intake.add(customerId, orderId,
                OrderRequests.itemRequest(JsonBody.parse(request.body())), request.header("idempotency-key")));
    }

    private static APIGatewayV2HTTPResponse removeItem(OrderLines lines, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        return OutcomeResponses.itemChange(lines.removeItem(customerId, orderId, itemId));
    }

    private static APIGatewayV2HTTPResponse changeItemStatus(OrderLines lines, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        ItemStatus target = ItemStatus.parse("status", JsonBody.parse(request.body()).requiredString("status"));
        return OutcomeResponses.itemChange(lines.changeItemStatus(request.role(), customerId, orderId, itemId, target));
    }
}
