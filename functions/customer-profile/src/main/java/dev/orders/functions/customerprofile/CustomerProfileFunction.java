package dev.orders.functions.customerprofile;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.customer.PutCustomer;
import dev.orders.application.customer.ReadCustomer;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.customer.CustomerUpsert;
import dev.orders.core.order.Ids;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.Http;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Problem;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.JsonBody;
import dev.orders.http.view.OutcomeResponses;
import dev.orders.http.view.Views;
import dev.orders.wiring.Services;
import java.util.List;

/** Customer profiles: upsert, create-if-absent (If-None-Match: *), get. */
public final class CustomerProfileFunction extends ApiFunction {

    public CustomerProfileFunction() {
        this(Services.fromEnvironment());
    }

    public CustomerProfileFunction(Services services) {
        this(new PutCustomer(services.customers()), new ReadCustomer(services.customers()), services.storeFaults());
    }

    private CustomerProfileFunction(PutCustomer putCustomer, ReadCustomer readCustomer, StoreFaults faults) {
        super(new Router(List.of(
                new Route("PUT", "/customers/{customerId}", Access.owner(), request -> put(putCustomer, request)),
                new Route("GET", "/customers/{customerId}", Access.owner(), request -> get(readCustomer, request)))), faults);
    }

    private static APIGatewayV2HTTPResponse put(PutCustomer putCustomer, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        JsonBody body = JsonBody.parse(request.body());
        CustomerDetails details = new CustomerDetails(customerId, body.requiredString("name"),
                body.requiredString("email"));
        if (request.header("if-none-match").map(String::trim).filter("*"::equals).isPresent()) {
            return OutcomeResponses.customerCreation(putCustomer.createIfAbsent(details));
        }
        CustomerUpsert upsert = putCustomer.put(details);
        return Http.json(upsert.created() ? 201 : 200, Views.customer(upsert.customer()));
    }

    private static APIGatewayV2HTTPResponse get(ReadCustomer readCustomer, HttpRequest request) {
        String customerId = Ids.customerId(request.pathParameter("customerId"));
        return readCustomer.read(customerId)
                .map(customer -> Http.json(200, Views.customer(customer)))
                .orElseGet(() -> Http.problem(Problem.notFound("The customer")));
    }
}
