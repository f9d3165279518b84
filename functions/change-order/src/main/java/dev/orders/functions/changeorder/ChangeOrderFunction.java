package dev.orders.functions.changeorder;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.order.AddLine;
import dev.orders.application.order.ChangeLineStatus;
import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.application.order.RemoveLine;
import dev.orders.application.payment.ResolvePaymentIssue;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineStatus;
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
 * statuses during fulfillment, and the resolution of payment issues. Each is one event of the order's log;
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
        this(new ChangeOrderStatus(store, clock), new AddLine(store, clock), new RemoveLine(store, clock),
                new ChangeLineStatus(store, clock), new ResolvePaymentIssue(store, clock), faults);
    }

    private ChangeOrderFunction(ChangeOrderStatus changeStatus, AddLine addLine, RemoveLine removeLine,
                                ChangeLineStatus changeLineStatus, ResolvePaymentIssue resolvePaymentIssue,
                                StoreFaults faults) {
        super(new Router(List.of(
                new Route("POST", CUSTOMER_ORDER + "/status", Access.owner(), request -> changeStatus(changeStatus, request,
                        Optional.of(Ids.customerId(request.pathParameter("customerId"))))),
                new Route("POST", CUSTOMER_ORDER + "/items", Access.owner(), request -> addLine(addLine, request)),
                new Route("DELETE", CUSTOMER_ORDER + "/items/{itemId}", Access.owner(),
                        request -> removeLine(removeLine, request)),
                new Route("POST", ORDER + "/status", Access.administrator(),
                        request -> changeStatus(changeStatus, request, Optional.empty())),
                new Route("PUT", ORDER + "/items/{itemId}/status", Access.administrator(),
                        request -> changeLineStatus(changeLineStatus, request)),
                new Route("POST", ORDER + "/payment-issues/{eventId}/resolution", Access.administrator(),
                        request -> resolvePaymentIssue(resolvePaymentIssue, request)))), faults);
    }

    /** A status change of {@code customerId}'s order, or of any order by its id alone (empty). */
    private static APIGatewayV2HTTPResponse changeStatus(ChangeOrderStatus changeStatus, HttpRequest request,
                                                         Optional<String> customerId) {
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        JsonBody body = JsonBody.parse(request.body());
        OrderStatus target = OrderStatus.parse("status", body.requiredString("status"));
        ExpectedVersion expected = ExpectedVersion.of(request, Optional.of(body));
        StatusChangeOutcome outcome = changeStatus.change(new StatusChangeRequest(customerId, orderId,
                target, request.role(), expected.version(), request.actor(), body.optionalString("reason")));
        if (outcome instanceof StatusChangeOutcome.Changed changed && changed.isCheckout()) {
            ServiceMetrics.checkout();
        }
        return OutcomeResponses.statusChange(outcome, expected);
    }

    private static APIGatewayV2HTTPResponse addLine(AddLine addLine, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        JsonBody body = JsonBody.parse(request.body());
        ExpectedVersion expected = ExpectedVersion.of(request, Optional.of(body));
        return OutcomeResponses.lineChange(addLine.add(customerId, orderId, OrderRequests.lineRequest(body),
                expected.version(), request.header("idempotency-key"), request.actor()), expected);
    }

    private static APIGatewayV2HTTPResponse removeLine(RemoveLine removeLine, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        ExpectedVersion expected = ExpectedVersion.of(request);
        return OutcomeResponses.lineChange(removeLine.remove(customerId, orderId, itemId, expected.version(),
                request.actor()), expected);
    }

    private static APIGatewayV2HTTPResponse changeLineStatus(ChangeLineStatus changeLineStatus, HttpRequest request) {
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        JsonBody body = JsonBody.parse(request.body());
        LineStatus target = LineStatus.parse("status", body.requiredString("status"));
        ExpectedVersion expected = ExpectedVersion.of(request, Optional.of(body));
        return OutcomeResponses.lineChange(changeLineStatus.change(request.role(), orderId, itemId, target,
                expected.version(), request.actor()), expected);
    }

    private static APIGatewayV2HTTPResponse resolvePaymentIssue(ResolvePaymentIssue resolvePaymentIssue, HttpRequest request) {
        JsonBody body = JsonBody.parse(request.body());
        return OutcomeResponses.paymentIssueResolution(resolvePaymentIssue.resolve(new PaymentIssueResolution(
                request.pathParameter("orderId"), request.pathParameter("eventId"), request.role(), request.actor(),
                body.requiredString("note"))));
    }
}
