package dev.orders.bench;

import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The data the sample events name (customer c-ada, the sample order), in a table of its own. */
final class BenchData {
    static final String CUSTOMER = Fixture.SAMPLE_CUSTOMER;
    static final String ORDER = Fixture.SAMPLE_ORDER;
    /** The secret of both webhook routes in the benchmarks. */
    static final String WEBHOOK_SECRET = "benchmark webhook secret";
    private static final List<String> SIGNATURES = List.of("webhook-signature", "stripe-signature");

    private BenchData() {
    }

    /** The event with a fresh webhook signature, as the provider signs a new delivery; others unchanged. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> signed(Map<String, Object> event) {
        Map<String, Object> headers = new HashMap<>((Map<String, Object>) event.get("headers"));
        if (SIGNATURES.stream().noneMatch(headers::containsKey)) {
            return event;
        }
        SIGNATURES.stream().filter(headers::containsKey).forEach(header -> headers.put(header, WebhookSignature.header(
                WEBHOOK_SECRET, System.currentTimeMillis() / 1000, (String) event.get("body"))));
        Map<String, Object> signed = new HashMap<>(event);
        signed.put("headers", headers);
        return signed;
    }

    static Fixture seed(DynamoDbClient client, String tableName) {
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIfAbsent(client, tableName);
        Fixture fx = new Fixture(new TestTable(tableName, client));
        fx.customers.upsert(new CustomerDetails(CUSTOMER, "Ada Lovelace", "ada@example.com"));
        fx.seedSampleOrder();
        return fx;
    }

    /**
     * What {@code work} answers, its standard output discarded: handlers write their log and metric lines
     * there (their cost counts), and the report is printed there too.
     */
    static <T> T quietly(Supplier<T> work) {
        PrintStream console = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            return work.get();
        } finally {
            System.setOut(console);
        }
    }
}
