package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.paymentwebhook.PaymentWebhookFunction;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SampleScene;
import dev.orders.wiring.Services;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Section 3: for every route, the DynamoDB requests its sample event makes and the capacity they
 * consume, table and indexes apart (ReturnConsumedCapacity=INDEXES), on freshly seeded data.
 */
final class RouteCapacity {
    private RouteCapacity() {
    }

    static void run(LocalDynamoDb dynamo, Report report) {
        CapacityMeter meter = new CapacityMeter();
        DynamoDbClient client = dynamo.clientBuilder()
                .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(meter).build())
                .build();
        SamTemplate template = SamTemplate.repository();
        List<List<String>> rows = new ArrayList<>();
        int n = 0;
        for (String name : SampleEvents.names()) {
            String tableName = "capacity-" + n++;
            TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(client, tableName);
            Fixture fx = new Fixture(new TestTable(tableName, client));
            seed(fx, name);
            APIGatewayV2HTTPEvent event = SampleEvents.fromJson(BenchData.signed(SampleEvents.json(name)));
            ApiFunction handler =
                    handlerFor(template, event.getRouteKey(), services(fx, client));
            meter.reset();
            APIGatewayV2HTTPResponse response = BenchData.quietly(() -> handler.respond(event, new TestContext()));
            List<CapacityMeter.Call> calls = meter.calls();
            rows.add(List.of("`" + event.getRouteKey() + "`", name, Integer.toString(response.getStatusCode()),
                    Integer.toString(calls.size()),
                    calls.stream().map(CapacityMeter.Call::operation).collect(Collectors.joining(" + ")),
                    Report.num(calls.stream().mapToDouble(CapacityMeter.Call::units).sum()),
                    calls.stream().flatMap(c -> c.byTableOrIndex().entrySet().stream())
                            .collect(Collectors.groupingBy(Map.Entry::getKey, java.util.TreeMap::new,
                                    Collectors.summingDouble(Map.Entry::getValue)))
                            .entrySet().stream().map(e -> e.getKey() + " " + Report.num(e.getValue()))
                            .collect(Collectors.joining(", "))));
        }
        report.line("Each sample event of `events/` against freshly seeded data; capacity as the engine reports it with "
                + "`ReturnConsumedCapacity=INDEXES`. Dynoxide charges as DynamoDB's pricing rules say: a strongly "
                + "consistent read 1 RCU per 4 KB, a transactional write 2 WCU per KB per item, an index entry written "
                + "1 WCU, and 2 (a delete and a put) when its key moves.\n");
        report.table(List.of("route", "sample", "status", "requests", "operations", "capacity units", "table / index"), rows);
    }

    /** The data each sample event refers to, as its {@link SampleScene} states it, so each shows its success path. */
    static void seed(Fixture fx, String sample) {
        SampleScene.of(sample).seeded(fx);
    }

    static Services services(Fixture fx, DynamoDbClient client) {
        return Services.fromEnvironment(Map.of(Services.TABLE_NAME, fx.table.tableName(),
                Services.CURSOR_SECRET, "benchmark cursor secret", Services.STATUS_FEED_SHARDS,
                Integer.toString(fx.table.statusShards())), client);
    }

    /** The template's function serving {@code routeKey}. */
    static SamTemplate.Function functionServing(SamTemplate template, String routeKey) {
        return template.functions().stream()
                .filter(f -> f.routes().stream().anyMatch(r -> r.key().equals(routeKey))).findFirst()
                .orElseThrow(() -> new IllegalStateException("no function serves " + routeKey));
    }

    static ApiFunction handlerFor(SamTemplate template, String routeKey, Services services) {
        return handlerFor(template, routeKey, services, new PaymentWebhookFunction.Secrets(
                () -> BenchData.WEBHOOK_SECRET, () -> BenchData.WEBHOOK_SECRET));
    }

    /** As {@link #handlerFor(SamTemplate, String, Services)}, the webhook's secrets read from {@code webhookSecrets}. */
    static ApiFunction handlerFor(SamTemplate template, String routeKey, Services services,
                                  PaymentWebhookFunction.Secrets webhookSecrets) {
        SamTemplate.Function function = functionServing(template, routeKey);
        try {
            Class<?> handler = Class.forName(function.handlerClass());
            if (handler == PaymentWebhookFunction.class) {
                return new PaymentWebhookFunction(services, webhookSecrets, java.time.Clock.systemUTC());
            }
            return (ApiFunction) handler.getConstructor(Services.class).newInstance(services);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + function.handlerClass(), e);
        }
    }
}
