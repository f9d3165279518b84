package dev.orders.functions.createorder;

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
import dev.orders.model.order.NewOrder;
import dev.orders.model.order.OrderAggregate;
import dev.orders.model.order.OrderIntake;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Creates an order with its lines in one transaction, idempotently under an Idempotency-Key. */
public final class CreateOrderFunction extends ApiFunction {

    public CreateOrderFunction() {
        this(Services.fromEnvironment());
    }

    public CreateOrderFunction(Services services) {
        this(services.intake());
    }

    private CreateOrderFunction(OrderIntake intake) {
        super(new Router(List.of(
                new Route("POST", "/customers/{customerId}/orders", Access.owner(), request -> create(intake, request)))));
    }

    private static APIGatewayV2HTTPResponse create(OrderIntake intake, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        NewOrder order = OrderRequests.newOrder(customerId, JsonBody.parse(request.body()));
        OrderIntake.Result result = intake.create(order, request.header("idempotency-key"), request.actor());
        if (result instanceof OrderIntake.Result.Created created) {
            OrderAggregate aggregate = created.aggregate();
            Map<String, String> headers = new HashMap<>();
            headers.put("location", "/customers/" + customerId + "/orders/" + aggregate.order().orderId());
            headers.put("etag", Http.etag(aggregate.order().version()));
            if (created.replayed()) {
                headers.put("idempotent-replayed", "true");
            }
            return Http.json(201, Views.aggregate(aggregate), headers);
        }
        return Http.problem(Problem.of(422, "idempotency-key-reused", "Idempotency key reused",
                "This Idempotency-Key was used for a different order request."));
    }
}
