package dev.orders.functions.queryorders;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.order.ListOrders;
import dev.orders.application.order.ReadOrder;
import dev.orders.application.payment.ListPaymentIssues;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Disclosure;
import dev.orders.core.order.Ids;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.Http;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Problem;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.QueryParameters;
import dev.orders.http.view.Views;
import dev.orders.lambda.aws.SecretsManagerStore;
import dev.orders.wiring.Services;
import java.util.List;
import java.util.Optional;

/**
 * Every read route: a customer's own order (aggregate, line, history) and feeds; the back office's order by
 * its id alone and its history, the feeds across customers, open payment issues.
 */
public final class QueryOrdersFunction extends ApiFunction {
    private static final String ORDER = "/customers/{customerId}/orders/{orderId}";

    /** The one function that reads cursors, so the one given the cursor key's id, read from Secrets Manager. */
    public QueryOrdersFunction() {
        this(Services.fromEnvironment(System.getenv(), SecretsManagerStore.fromEnvironment(System.getenv())));
    }

    public QueryOrdersFunction(Services services) {
        this(new ReadOrder(services.orderReads()), new ListOrders(services.orderFeeds()),
                new ListPaymentIssues(services.paymentIssues()), services.storeFaults());
    }

    private QueryOrdersFunction(ReadOrder readOrder, ListOrders listOrders, ListPaymentIssues listPaymentIssues,
                                StoreFaults faults) {
        super(new Router(List.of(
                new Route("GET", ORDER, Access.owner(), request -> aggregate(readOrder, request)),
                new Route("GET", ORDER + "/items/{itemId}", Access.owner(), request -> line(readOrder, request)),
                new Route("GET", ORDER + "/history", Access.owner(), request -> history(request,
                        readOrder.history(Ids.customerId(request.pathParameter("customerId")),
                                Ids.orderId(request.pathParameter("orderId")), QueryParameters.limit(request),
                                request.query("cursor")))),
                new Route("GET", "/customers/{customerId}/orders", Access.owner(), request -> customerOrders(listOrders, request)),
                new Route("GET", "/orders", Access.administrator(), request -> allOrders(listOrders, request)),
                new Route("GET", "/orders/{orderId}", Access.administrator(), request -> orderById(readOrder, request)),
                new Route("GET", "/orders/{orderId}/history", Access.administrator(), request -> history(request,
                        readOrder.historyById(Ids.orderId(request.pathParameter("orderId")),
                                QueryParameters.limit(request), request.query("cursor")))),
                new Route("GET", "/payment-issues", Access.administrator(), request -> openPaymentIssues(listPaymentIssues, request)))), faults);
    }

    private static APIGatewayV2HTTPResponse aggregate(ReadOrder readOrder, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        return found(readOrder.ofCustomer(customerId, orderId), request);
    }

    private static APIGatewayV2HTTPResponse orderById(ReadOrder readOrder, HttpRequest request) {
        return found(readOrder.byId(Ids.orderId(request.pathParameter("orderId"))), request);
    }

    private static APIGatewayV2HTTPResponse found(Optional<OrderAggregate> aggregate, HttpRequest request) {
        return aggregate.map(a -> Http.json(200, Views.aggregate(a, request.role()), Http.etagHeader(a.order().version())))
                .orElseGet(() -> Http.problem(Problem.notFound("The order")));
    }

    private static APIGatewayV2HTTPResponse line(ReadOrder readOrder, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        String orderId = Ids.orderId(request.pathParameter("orderId"));
        String itemId = Ids.itemId(request.pathParameter("itemId"));
        return readOrder.line(customerId, orderId, itemId)
                .map(line -> Http.json(200, Views.line(line)))
                .orElseGet(() -> Http.problem(Problem.notFound("The item")));
    }

    /** A page of an order's log, as the caller's role may read it; 404 when the reading found no order. */
    private static APIGatewayV2HTTPResponse history(HttpRequest request, Optional<Page<OrderEvent>> log) {
        Disclosure disclosure = Disclosure.to(request.role());
        return log.map(page -> Http.json(200, Views.page("events", page, event -> Views.event(event, disclosure))))
                .orElseGet(() -> Http.problem(Problem.notFound("The order")));
    }

    private static APIGatewayV2HTTPResponse customerOrders(ListOrders listOrders, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        return Http.json(200, Views.page("orders", listOrders.ofCustomer(customerId, QueryParameters.status(request),
                QueryParameters.feed(request)), Views::summary));
    }

    private static APIGatewayV2HTTPResponse allOrders(ListOrders listOrders, HttpRequest request) {
        return Http.json(200, Views.page("orders", listOrders.all(QueryParameters.status(request),
                QueryParameters.feed(request)), Views::summary));
    }

    private static APIGatewayV2HTTPResponse openPaymentIssues(ListPaymentIssues listPaymentIssues, HttpRequest request) {
        return Http.json(200, Views.page("issues", listPaymentIssues.open(QueryParameters.sort(request),
                QueryParameters.limit(request), request.query("cursor")),
                Views::openPaymentIssue));
    }
}
