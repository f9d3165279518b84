package dev.orders.functions.customer;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.api.Access;
import dev.orders.api.ApiFunction;
import dev.orders.api.Http;
import dev.orders.api.HttpRequest;
import dev.orders.api.JsonBody;
import dev.orders.api.Problem;
import dev.orders.api.Route;
import dev.orders.api.Router;
import dev.orders.api.Services;
import dev.orders.api.Views;
import dev.orders.model.customer.CustomerCreation;
import dev.orders.model.customer.CustomerDetails;
import dev.orders.model.customer.CustomerRepository;
import dev.orders.model.customer.CustomerUpsert;
import dev.orders.model.order.Ids;
import java.util.List;

/** Customer profiles: upsert, create-if-absent (If-None-Match: *), get. */
public final class CustomerProfileFunction extends ApiFunction {

    public CustomerProfileFunction() {
        this(Services.fromEnvironment());
    }

    public CustomerProfileFunction(Services services) {
        this(services.customers());
    }

    private CustomerProfileFunction(CustomerRepository customers) {
        super(new Router(List.of(
                new Route("PUT", "/customers/{customerId}", Access.owner(), request -> put(customers, request)),
                new Route("GET", "/customers/{customerId}", Access.owner(), request -> get(customers, request)))));
    }

    private static APIGatewayV2HTTPResponse put(CustomerRepository customers, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        JsonBody body = JsonBody.parse(request.body());
        CustomerDetails details = new CustomerDetails(customerId, body.requiredString("name"),
                body.requiredString("email"));
        if (request.header("if-none-match").map(String::trim).filter("*"::equals).isPresent()) {
            CustomerCreation outcome = customers.createIfAbsent(details);
            if (outcome instanceof CustomerCreation.Created created) {
                return Http.json(201, Views.customer(created.customer()));
            }
            return Http.problem(Problem.of(412, "already-exists", "Customer already exists",
                    "A profile with this id exists; it was left unchanged."));
        }
        CustomerUpsert upsert = customers.upsert(details);
        return Http.json(upsert.created() ? 201 : 200, Views.customer(upsert.customer()));
    }

    private static APIGatewayV2HTTPResponse get(CustomerRepository customers, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        return customers.get(customerId)
                .map(customer -> Http.json(200, Views.customer(customer)))
                .orElseGet(() -> Http.problem(Problem.notFound("The customer")));
    }
}
