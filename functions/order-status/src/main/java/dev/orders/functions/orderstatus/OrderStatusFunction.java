package dev.orders.functions.orderstatus;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.api.Access;
import dev.orders.api.ApiFunction;
import dev.orders.api.Http;
import dev.orders.api.HttpRequest;
import dev.orders.api.JsonBody;
import dev.orders.api.OrderRequests;
import dev.orders.api.Problem;
import dev.orders.api.Route;
import dev.orders.api.Router;
import dev.orders.api.Services;
import dev.orders.api.Views;
import dev.orders.model.order.Ids;
import dev.orders.model.order.ItemChangeOutcome;
import dev.orders.model.order.ItemStatus;
import dev.orders.model.order.Order;
import dev.orders.model.order.OrderRepository;
import dev.orders.model.order.OrderStatus;
import dev.orders.model.order.StatusChangeOutcome;
import dev.orders.model.order.StatusChangeRequest;
import dev.orders.model.order.StatusTransitions;
import dev.orders.model.validation.ValidationException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Changes of an order: its status (with history and optimistic lock), and its lines (add and remove
 * while open, line status during fulfilment).
 */
public final class OrderStatusFunction extends ApiFunction {
    private static final String ORDER = "/customers/{customerId}/orders/{orderId}";
    /** An If-Match entity tag: "3" or W/"3". */
    private static final Pattern ENTITY_TAG = Pattern.compile("(?:W/)?\"(\\d{1,18})\"");

    public OrderStatusFunction() {
        this(Services.fromEnvironment());
    }

    public OrderStatusFunction(Services services) {
        this(services.orders(), services.transitions());
    }

    private OrderStatusFunction(OrderRepository orders, StatusTransitions transitions) {
        super(new Router(List.of(
                new Route("POST", ORDER + "/status", Access.owner(), request -> changeStatus(transitions, request)),
                new Route("POST", ORDER + "/items", Access.owner(), request -> addItem(orders, request)),
                new Route("DELETE", ORDER + "/items/{itemId}", Access.owner(), request -> removeItem(orders, request)),
                new Route("PUT", ORDER + "/items/{itemId}/status", Access.owner(), request -> changeItemStatus(orders, request)))));
    }

    private static APIGatewayV2HTTPResponse changeStatus(StatusTransitions transitions, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        JsonBody body = JsonBody.parse(request.body());
        OrderStatus target = OrderStatus.parse("status", body.requiredString("status"));
        StatusChangeOutcome outcome = transitions.apply(new StatusChangeRequest(Optional.of(customerId), orderId,
                target, expectedVersion(body, request), request.actor(), body.optionalString("reason"),
                Optional.empty()));
        if (outcome instanceof StatusChangeOutcome.Changed changed) {
            Order order = changed.order();
            return Http.json(200, Views.order(order), Map.of("etag", Http.etag(order.version())));
        }
        if (outcome instanceof StatusChangeOutcome.StaleVersion stale) {
            return Http.problem(Problem.of(409, "stale-version", "Stale version",
                    "The order has changed since the version you sent; read it again.")
                    .with("currentVersion", stale.currentVersion()));
        }
        if (outcome instanceof StatusChangeOutcome.IllegalTransition illegal) {
            return Http.problem(Problem.of(409, "illegal-transition", "Transition not allowed",
                    "An order in " + illegal.from() + " cannot move to " + illegal.to() + ".")
                    .with("currentStatus", illegal.from().name())
                    .with("allowed", illegal.from().next().stream().map(Enum::name).sorted().toList()));
        }
        return Http.problem(Problem.notFound("The order"));
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

    private static APIGatewayV2HTTPResponse addItem(OrderRepository orders, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        ItemChangeOutcome outcome = orders.addItem(customerId, orderId,
                OrderRequests.newItem(JsonBody.parse(request.body())));
        if (outcome instanceof ItemChangeOutcome.Added added) {
            return Http.json(201, Views.item(added.item()), Map.of("location",
                    "/customers/" + customerId + "/orders/" + orderId + "/items/" + added.item().itemId()));
        }
        return refusal(outcome);
    }

    private static APIGatewayV2HTTPResponse removeItem(OrderRepository orders, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        ItemChangeOutcome outcome = orders.removeItem(customerId, orderId, itemId);
        return outcome instanceof ItemChangeOutcome.Removed ? Http.noContent() : refusal(outcome);
    }

    private static APIGatewayV2HTTPResponse changeItemStatus(OrderRepository orders, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        ItemStatus target = ItemStatus.parse("status", JsonBody.parse(request.body()).requiredString("status"));
        ItemChangeOutcome outcome = orders.changeItemStatus(customerId, orderId, itemId, target);
        if (outcome instanceof ItemChangeOutcome.StatusChanged changed) {
            return Http.json(200, Views.item(changed.item()));
        }
        return refusal(outcome);
    }

    /** The answer to every outcome that wrote nothing. */
    private static APIGatewayV2HTTPResponse refusal(ItemChangeOutcome outcome) {
        Problem problem;
        if (outcome instanceof ItemChangeOutcome.ItemNotFound) {
            problem = Problem.notFound("The item");
        } else if (outcome instanceof ItemChangeOutcome.OrderNotOpen closed) {
            problem = Problem.of(409, "order-not-open", "Order not open",
                    "Items can be added or removed only while the order is CREATED or AWAITING_PAYMENT.")
                    .with("currentStatus", closed.status().name());
        } else if (outcome instanceof ItemChangeOutcome.OrderNotInFulfillment notYet) {
            problem = Problem.of(409, "order-not-in-fulfillment", "Order not in fulfilment",
                    "Item statuses change only while the order is PAID, IN_FULFILLMENT or PARTIALLY_FULFILLED.")
                    .with("currentStatus", notYet.status().name());
        } else if (outcome instanceof ItemChangeOutcome.IllegalItemTransition illegal) {
            problem = Problem.of(409, "illegal-item-transition", "Transition not allowed",
                    "An item in " + illegal.from() + " cannot move to " + illegal.to() + ".")
                    .with("currentStatus", illegal.from().name());
        } else if (outcome instanceof ItemChangeOutcome.TooManyItems tooMany) {
            problem = Problem.of(409, "too-many-items", "Too many items",
                    "An order holds at most " + tooMany.limit() + " items.");
        } else {
            problem = Problem.notFound("The order");
        }
        return Http.problem(problem);
    }
}
