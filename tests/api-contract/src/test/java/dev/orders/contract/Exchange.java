package dev.orders.contract;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.faults.FaultyHttpClient;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * One request to a handler and the status it must be answered: the sample event of events/ it is made
 * from ({@code sample}, e.g. {@code change-order/add-item}), what the table holds first, requests sent
 * before it to the same function, and a DynamoDB fault to inject, if any.
 *
 * @param request  the request, from the sample's event
 * @param earlier  requests sent before, from the sample's event, each answered 2xx: they set the scene
 */
record Exchange(String name, String sample, Consumer<Fixture> seed, List<UnaryOperator<APIGatewayV2HTTPEvent>> earlier,
                UnaryOperator<APIGatewayV2HTTPEvent> request, Optional<Fault> fault, int status) {

    /** Every attempt of the SDK at {@code operation} (e.g. "Query") is answered {@code injected}. */
    record Fault(String operation, FaultyHttpClient.Injected injected) {
    }

    static Exchange of(String name, String sample, Consumer<Fixture> seed, UnaryOperator<APIGatewayV2HTTPEvent> request,
                       int status) {
        return new Exchange(name, sample, seed, List.of(), request, Optional.empty(), status);
    }

    Exchange after(UnaryOperator<APIGatewayV2HTTPEvent> earlierRequest) {
        return new Exchange(name, sample, seed, List.of(earlierRequest), request, fault, status);
    }

    Exchange failing(String operation, FaultyHttpClient.Injected injected) {
        return new Exchange(name, sample, seed, earlier, request, Optional.of(new Fault(operation, injected)), status);
    }

    /** The name, which the parameterized test reports. */
    @Override
    public String toString() {
        return name;
    }
}
