package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.baseline.RecordedRequests;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.testsupport.lambda.TestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The requests a DynamoDB client sends, as sent: what a handler asks of DynamoDB, for the raw SDK sides
 * of the benchmarks to send again ({@link RecordedRequests}) rather than a hand-written copy.
 */
final class RequestRecorder implements ExecutionInterceptor {
    private final List<SdkRequest> requests = new ArrayList<>();

    /** A client of {@code dynamo} whose requests this records. */
    DynamoDbClient client(LocalDynamoDb dynamo) {
        return dynamo.clientBuilder()
                .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(this).build())
                .build();
    }

    @Override
    public synchronized void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        requests.add(context.request());
    }

    /** The requests recorded since the last call. */
    synchronized List<SdkRequest> take() {
        List<SdkRequest> taken = List.copyOf(requests);
        requests.clear();
        return taken;
    }

    /** The requests the handler of {@code event}'s route sends answering it once, on {@code fx}'s table. */
    static List<SdkRequest> ofHandler(LocalDynamoDb dynamo, Fixture fx, APIGatewayV2HTTPEvent event) {
        RequestRecorder recorder = new RequestRecorder();
        ApiFunction handler = RouteCapacity.handlerFor(SamTemplate.repository(), event.getRouteKey(),
                RouteCapacity.services(fx, recorder.client(dynamo)));
        BenchData.quietly(() -> handler.respond(event, new TestContext()));
        return recorder.take();
    }

    /** The operations of {@code requests}, e.g. {@code Query + TransactWriteItems}. */
    static String operations(List<SdkRequest> requests) {
        return requests.stream().map(RecordedRequests::operation).collect(Collectors.joining(" + "));
    }
}
