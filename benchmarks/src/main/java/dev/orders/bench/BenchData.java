package dev.orders.bench;

import dev.orders.local.TemplateTable;
import dev.orders.local.TestTable;
import dev.orders.model.customer.CustomerDetails;
import dev.orders.model.support.Fixture;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The data the sample events name (customer c-ada, the sample order), in a table of its own. */
final class BenchData {
    static final String CUSTOMER = Fixture.SAMPLE_CUSTOMER;
    static final String ORDER = Fixture.SAMPLE_ORDER;

    private BenchData() {
    }

    static Fixture seed(DynamoDbClient client, String tableName) {
        TemplateTable.load(TemplateTable.locateTemplate(), "OrdersTable").createIfAbsent(client, tableName);
        Fixture fx = new Fixture(new TestTable(tableName, client));
        fx.customers.upsert(new CustomerDetails(CUSTOMER, "Ada Lovelace", "ada@example.com"));
        fx.seedSampleOrder();
        return fx;
    }
}
