package dev.orders.functions.changeorder;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.order.LineIntake;
import dev.orders.application.order.OrderLines;
import dev.orders.application.order.StatusChanges;
import dev.orders.application.payment.PaymentIssueResolutions;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.ExpectedVersion;
import dev.orders.http.request.JsonBody;
import dev.orders.http.request.OrderRequests;
import dev.orders.http.view.OutcomeResponses;
import dev.orders.lambda.metrics.ServiceMetrics;
import dev.orders.wiring.Services;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Changes of an order. Its customer's, under {@code /customers/{customerId}/orders/{orderId}}: checkout and
 * cancellation, and its lines while open (add, idempotently under an Idempotency-Key, and remove). The back
 * office's, under {@code /orders/{orderId}}: any status change the core allows an administrator, line
 * statuses during fulfilment, and the resolution of payment issues. Each is one event of the order's log;
 * each change of status or lines may name the version it expects (If-Match: 412 when stale; or expectedVersion:
 * 409).
 */
public final class ChangeOrderFunction extends ApiFunction {
    private static final String CUSTOMER_ORDER = "/customers/{customerId}/orders/{orderId}";
    private static final String ORDER = "/orders/{orderId}";

    public ChangeOrderFunction() {
        this(Services.fromEnvironment());
    }

    public ChangeOrderFunction(Services services) {
        this(services.orders(), services.clock(), services.storeFaults());
    }

    private ChangeOrderFunction(OrderStore store, Clock clock, StoreFaults faults) {
        this(new OrderLines(store, clock), new LineIntake(new OrderLines(store, clock)), new StatusChanges(store, clock),
                new PaymentIssueResolutions(store, clock), faults);
    }

    private ChangeOrderFunction(OrderLines lines, LineIntake intake, StatusChanges writes, PaymentIssueResolutions issues,
                                StoreFaults faults) {
        super(new Router(List.of(
                new Route("POST", CUSTOMER_ORDER + "/status", Access.owner(), request -> changeStatus(writes, request,
                        Optional.of(Ids.customerId(request.pathParameter("customerId"))))),
                new Route("POST", CUSTOMER_ORDER + "/items", Access.owner(), request -> addItem(intake, request)),
                new Route("DELETE", CUSTOMER_ORDER + "/items/{itemId}", Access.owner(),
                        request -> removeItem(lines, request)),
                new Route("POST", ORDER + "/status", Access.admin(),
                        request -> changeStatus(writes, request, Optional.empty())),
                new Route("PUT", ORDER + "/items/{itemId}/status", Access.admin(),
                        request -> changeItemStatus(lines, request)),
                new Route("POST", ORDER + "/payment-issues/{eventId}/resolution", Access.admin(),
                        request -> resolvePaymentIssue(issues, request)))), faults);
    }

    /** A status change of {@code customerId}'s order, or of any order by its id alone (empty). */
    private static APIGatewayV2HTTPResponse changeStatus(StatusChanges writes, HttpRequest request,
                                                         Optional<String> customerId) {
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        JsonBody body = JsonBody.parse(request.body());
        OrderStatus target = OrderStatus.parse("status", body.requiredString("status"));
        ExpectedVersion expected = ExpectedVersion.of(request, Optional.of(body));
        StatusChangeOutcome outcome = writes.changeStatus(new StatusChangeRequest(customerId, orderId,
                target, request.role(), expected.version(), request.actor(), body.optionalString("reason")));
        if (outcome instanceof StatusChangeOutcome.Changed changed && changed.isCheckout()) {
            ServiceMetrics.checkout();
        }
        return OutcomeResponses.statusChange(outcome, expected);
    }

    private static APIGatewayV2HTTPResponse addItem(LineIntake intake, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        JsonBody body = JsonBody.parse(request.body());
        ExpectedVersion expected = ExpectedVersion.of(request, Optional.of(body));
        return OutcomeResponses.lineIntake(intake.add(customerId, orderId, OrderRequests.itemRequest(body),
                expected.version(), request.header("idempotency-key"), request.actor()), expected);
    }

    private static APIGatewayV2HTTPResponse removeItem(OrderLines lines, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        ExpectedVersion expected = ExpectedVersion.of(request);
        return OutcomeResponses.itemChange(lines.removeItem(customerId, orderId, itemId, expected.version(),
                request.actor()), expected);
    }

    private static APIGatewayV2HTTPResponse changeItemStatus(OrderLines lines, HttpRequest request) {
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        JsonBody body = JsonBody.parse(request.body());
        ItemStatus target = ItemStatus.parse("status", body.requiredString("status"));
        ExpectedVersion expected = ExpectedVersion.of(request, Optional.of(body));
        return OutcomeResponses.itemChange(lines.changeItemStatus(request.role(), orderId, itemId, target,
                expected.version(), request.actor()), expected);
    }

    private static APIGatewayV2HTTPResponse resolvePaymentIssue(PaymentIssueResolutions issues, HttpRequest request) {
        JsonBody body = JsonBody.parse(request.body());
        return OutcomeResponses.paymentIssueResolution(issues.resolve(new PaymentIssueResolution(
                request.pathParameter("orderId"), request.pathParameter("eventId"), request.role(), request.actor(),
                body.requiredString("note"))));
    }
}
