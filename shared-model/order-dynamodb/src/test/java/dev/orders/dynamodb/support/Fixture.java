package dev.orders.dynamodb.support;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.order.AddLine;
import dev.orders.application.order.ChangeLineStatus;
import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.application.order.CreateOrder;
import dev.orders.application.order.ExpireUnpaidOrders;
import dev.orders.application.order.RemoveLine;
import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.application.payment.ResolvePaymentIssue;
import dev.orders.application.port.OrderStore;
import dev.orders.application.product.SetStock;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.NewLine;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentWindow;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.order.StockReservation;
import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.Stock;
import dev.orders.core.product.StockOutcome;
import dev.orders.core.product.StockSetting;
import dev.orders.dynamodb.customer.CustomerRepository;
import dev.orders.dynamodb.feed.OrderFeeds;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.DynamoDbOrderStore;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.order.PaymentIssues;
import dev.orders.dynamodb.order.PaymentWindows;
import dev.orders.dynamodb.order.ProcessedRequestCodec;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.DynamoDbFaults;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.TickingClock;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The use cases over the DynamoDB adapter on one fresh table of Dynoxide, and a few writing shortcuts. */
public final class Fixture {
    /** The ids the sample events of events/ use. */
    public static final String SAMPLE_CUSTOMER = "c-ada";
    public static final String SAMPLE_ORDER = "01JCZ6X3N1S4M2B0QK9V7TQ5RA";
    public static final String SAMPLE_ITEM = "01JCZ6X3N1S4M2B0QK9V7TQ5RB";
    public static final String SAMPLE_OTHER_ITEM = "01JCZ6X3N1S4M2B0QK9V7TQ5RC";
    /** The provider's payment of the sample order: events/payment-webhook's capture takes it, its refund names it. */
    public static final String SAMPLE_PAYMENT = "pay_3PzX9cLkq2Yw7Hb1";
    /** The products the sample events name, all in EUR: two in the sample order, one the sample line adds. */
    public static final List<ProductDetails> SAMPLE_PRODUCTS = List.of(
            new ProductDetails("MUG-BLUE", "Blue mug", 1250, "EUR", true),
            new ProductDetails("TEA-EARL-100G", "Earl Grey tea, 100 g", 899, "EUR", true),
            new ProductDetails("BISCUITS-200G", "Shortbread biscuits, 200 g", 349, "EUR", true));

    public final TestTable testTable;
    public final OrdersTable table;
    public final TickingClock clock = new TickingClock(Instant.parse("2026-01-01T00:00:00Z"), Duration.ofSeconds(1));
    public final CursorCodec cursors = new CursorCodec("fixture cursor secret 0123456789".getBytes(StandardCharsets.UTF_8));
    public final CustomerRepository customers;
    public final ProductCatalog products;
    public final ProcessedRecords records;
    public final OrderReads reads;
    public final DynamoDbOrderStore store;
    public final CreateOrder createOrder;
    public final ChangeOrderStatus changeOrderStatus;
    public final AddLine addLine;
    public final RemoveLine removeLine;
    public final ChangeLineStatus changeLineStatus;
    public final OrderFeeds feeds;
    public final PaymentIssues issues;
    public final ResolvePaymentIssue resolvePaymentIssue;
    public final ProcessPaymentEvent processPaymentEvent;
    public final SetStock setStock;
    public final PaymentWindows paymentWindows;

    public Fixture(TestTable testTable) {
        this(testTable, OrdersTable.DEFAULT_STATUS_SHARDS);
    }

    public Fixture(TestTable testTable, int statusShards) {
        this(testTable, testTable.client(), statusShards);
    }

    /** The use cases over {@code client}, a client of the test table's engine (one with interceptors, say). */
    public Fixture(TestTable testTable, DynamoDbClient client, int statusShards) {
        this.testTable = testTable;
        this.table = new OrdersTable(client, testTable.tableName(), statusShards);
        this.customers = new CustomerRepository(table, clock);
        this.products = new ProductCatalog(table, clock);
        this.records = new ProcessedRecords(table, clock);
        this.reads = new OrderReads(table, cursors);
        this.store = new DynamoDbOrderStore(table, reads, products, records, new ProcessedRequestCodec(records, clock));
        this.createOrder = new CreateOrder(store, clock);
        this.changeOrderStatus = new ChangeOrderStatus(store, clock);
        this.addLine = new AddLine(store, clock);
        this.removeLine = new RemoveLine(store, clock);
        this.changeLineStatus = new ChangeLineStatus(store, clock);
        this.feeds = new OrderFeeds(table, cursors);
        this.issues = new PaymentIssues(table, cursors);
        this.resolvePaymentIssue = new ResolvePaymentIssue(store, clock);
        this.processPaymentEvent = new ProcessPaymentEvent(store, clock, ProcessPaymentEvent.ACTOR);
        this.setStock = new SetStock(products);
        this.paymentWindows = new PaymentWindows(table);
    }

    /** One sweep of the payment window {@code minutes} long at {@code now}: what the schedule's function runs. */
    public ExpireUnpaidOrders.Sweep sweep(long minutes, Instant now) {
        return new ExpireUnpaidOrders(store, paymentWindows, new DynamoDbFaults(), PaymentWindow.ofMinutes(minutes),
                Clock.fixed(now, ZoneOffset.UTC)).sweep();
    }

    /** {@code order} placed under {@code orderId} with new line ids and written as priced: the store's answer. */
    public OrderStore.Creation write(String orderId, NewOrder order, String actor) {
        OrderAggregate placed = order.place(orderId, order.items().stream().map(item -> Ids.newItemId()).toList(),
                clock.instant());
        return store.create(placed, OrderEvent.created(placed, actor), List.of(), Optional.empty());
    }

    /** {@code order} written as priced, without the catalogue, with new line ids: the order as created. */
    public OrderAggregate create(String orderId, NewOrder order, String actor) {
        return create(orderId, order.items().stream().map(item -> Ids.newItemId()).toList(), order, actor);
    }

    /** {@code order} written as priced, without the catalogue, its lines under {@code itemIds}; fails unless created. */
    public OrderAggregate create(String orderId, List<String> itemIds, NewOrder order, String actor) {
        OrderAggregate placed = order.place(orderId, itemIds, clock.instant());
        OrderStore.Creation creation = store.create(placed, OrderEvent.created(placed, actor), List.of(), Optional.empty());
        if (!(creation instanceof OrderStore.Creation.Created)) {
            throw new IllegalStateException("order " + orderId + " was not created: " + creation);
        }
        return placed;
    }

    /**
     * {@code order} written as priced under {@code orderId}, its lines under {@code itemIds}, reserving the stock of
     * its tracked products as the catalogue holds it now, as the use case does; fails unless created.
     */
    public OrderAggregate createReserving(String orderId, List<String> itemIds, NewOrder order, String actor) {
        OrderAggregate placed = order.place(orderId, itemIds, clock.instant());
        StockReservation reservation = StockReservation.of(placed, products.find(order.items().stream()
                .map(NewLine::sku).distinct().toList()));
        if (!(reservation instanceof StockReservation.Reserved reserved)
                || !(store.create(reserved.order(), OrderEvent.created(reserved.order(), actor), reserved.rows(),
                        Optional.empty()) instanceof OrderStore.Creation.Created)) {
            throw new IllegalStateException("order " + orderId + " was not created reserving its stock");
        }
        return reserved.order();
    }

    /** An order written as priced, without the catalogue: one line per price. */
    public OrderAggregate createOrder(String customerId, String orderId, long... unitPrices) {
        List<NewLine> items = java.util.Arrays.stream(unitPrices)
                .mapToObj(price -> new NewLine("SKU-" + price, "Item " + price, 1, price)).toList();
        return create(orderId, new NewOrder(customerId, "EUR", items), "customer:" + customerId);
    }

    /** A product for sale in EUR, named after its sku. */
    public Product putProduct(String sku, long unitPrice) {
        return putProduct(sku, unitPrice, "EUR", true);
    }

    public Product putProduct(String sku, long unitPrice, String currency, boolean active) {
        return products.upsert(new ProductDetails(sku, "Product " + sku, unitPrice, currency, active)).product();
    }

    /** Sets {@code sku}'s units on hand (it must exist); fails unless set. */
    public Stock stock(String sku, long onHand) {
        StockOutcome outcome = setStock.set(new StockSetting(sku, onHand, Optional.empty()));
        if (!(outcome instanceof StockOutcome.Set set)) {
            throw new IllegalStateException("stock of " + sku + " not set: " + outcome);
        }
        return set.stock();
    }

    /** {@code sku}'s stock as the table holds it now. */
    public Stock stockOf(String sku) {
        return products.find(sku).flatMap(Product::stock).orElseThrow(() -> new IllegalStateException(sku + " has no stock"));
    }

    /** The catalogue the sample events order from ({@link #SAMPLE_PRODUCTS}). */
    public void seedSampleProducts() {
        SAMPLE_PRODUCTS.forEach(products::upsert);
    }

    /** The sample products, and the order the sample events name: two mugs at 12.50 and a tea at 8.99, in CREATED. */
    public OrderAggregate seedSampleOrder() {
        seedSampleProducts();
        NewOrder order = new NewOrder(SAMPLE_CUSTOMER, "EUR", List.of(
                new NewLine("MUG-BLUE", "Blue mug", 2, 1250),
                new NewLine("TEA-EARL-100G", "Earl Grey tea, 100 g", 1, 899)));
        return create(SAMPLE_ORDER, List.of(SAMPLE_ITEM, SAMPLE_OTHER_ITEM), order, "customer:" + SAMPLE_CUSTOMER);
    }

    /**
     * Moves an order along the lifecycle as an administrator, one legal step at a time. PARTIALLY_FULFILLED
     * and FULFILLED are no steps: an order reaches them only from its lines' statuses ({@link #fulfil}).
     */
    public void advance(String customerId, String orderId, OrderStatus... steps) {
        for (OrderStatus step : steps) {
            StatusChangeOutcome outcome = changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId,
                    step, Role.ADMINISTRATOR, Optional.empty(), "fixture", Optional.of("fixture")));
            if (!(outcome instanceof StatusChangeOutcome.Changed)) {
                throw new IllegalStateException("cannot move " + orderId + " to " + step + ": " + outcome);
            }
        }
    }

    /** Moves each line of {@code itemIds} in turn to {@code target}, as an administrator; the order follows its lines. */
    public void moveLines(String orderId, LineStatus target, String... itemIds) {
        for (String itemId : itemIds) {
            LineChangeOutcome outcome = changeLineStatus.change(Role.ADMINISTRATOR, orderId, itemId, target,
                    Optional.empty(), "fixture");
            if (!(outcome instanceof LineChangeOutcome.StatusChanged)) {
                throw new IllegalStateException("cannot move line " + itemId + " of " + orderId + " to " + target
                        + ": " + outcome);
            }
        }
    }

    /**
     * Picks and ships each pending line of {@code itemIds}, one line after the other, in a paid order: the
     * order follows to IN_FULFILLMENT, PARTIALLY_FULFILLED, and FULFILLED once no line is left to ship.
     */
    public void fulfil(String orderId, String... itemIds) {
        for (String itemId : itemIds) {
            moveLines(orderId, LineStatus.PICKED, itemId);
            moveLines(orderId, LineStatus.SHIPPED, itemId);
        }
    }

    /** The whole event log of an order, oldest first, read page by page through its history. */
    public List<OrderEvent> events(String customerId, String orderId) {
        List<OrderEvent> events = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            Page<OrderEvent> page = reads.history(customerId, orderId, 100, cursor).orElseThrow(
                    () -> new IllegalStateException("no order " + orderId + " of " + customerId));
            events.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor.isPresent());
        Collections.reverse(events);
        return events;
    }

    /** The raw item at a key, as DynamoDB holds it. */
    public Map<String, AttributeValue> raw(String pk, String sk) {
        return testTable.client().getItem(b -> b.tableName(table.tableName())
                .key(Map.of(Keys.PK, s(pk), Keys.SK, s(sk))).consistentRead(true)).item();
    }

    /** Every row of one partition: how tests see exactly what was written. */
    public List<Map<String, AttributeValue>> partition(String pk) {
        return testTable.client().query(b -> b.tableName(table.tableName())
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", Keys.PK))
                .expressionAttributeValues(Map.of(":pk", s(pk)))
                .consistentRead(true)).items();
    }

    /** Number of items in the whole table; a test-only Scan to prove that nothing was written. */
    public int itemCount() {
        return testTable.client().scan(b -> b.tableName(table.tableName()).select("COUNT")).count();
    }
}
