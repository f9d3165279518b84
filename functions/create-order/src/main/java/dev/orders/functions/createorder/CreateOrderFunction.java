package dev.orders.functions.createorder;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.order.CreateOrder;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.order.Ids;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderRequest;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.JsonBody;
import dev.orders.http.request.OrderRequests;
import dev.orders.http.view.OutcomeResponses;
import dev.orders.lambda.metrics.ServiceMetrics;
import dev.orders.wiring.Services;
import java.util.List;

/**
 * Creates an order with its lines in one transaction, priced from the catalogue, idempotently under an
 * Idempotency-Key.
 */
public final class CreateOrderFunction extends ApiFunction {

    public CreateOrderFunction() {
        this(Services.fromEnvironment());
    }

    public CreateOrderFunction(Services services) {
        this(new CreateOrder(services.orders(), services.clock()), services.storeFaults());
    }

    private CreateOrderFunction(CreateOrder createOrder, StoreFaults faults) {
        super(new Router(List.of(
                new Route("POST", "/customers/{customerId}/orders", Access.owner(), request -> create(createOrder, request)))), faults);
    }

    private static APIGatewayV2HTTPResponse create(CreateOrder createOrder, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        OrderRequest order = OrderRequests.orderRequest(customerId, JsonBody.parse(request.body()));
        OrderCreationOutcome outcome = createOrder.create(order, request.header("idempotency-key"), request.actor());
        if (outcome instanceof OrderCreationOutcome.Created created && !created.replayed()) {
            ServiceMetrics.orderCreated();
        }
        return OutcomeResponses.orderCreation(outcome, request.role());
    }
}
