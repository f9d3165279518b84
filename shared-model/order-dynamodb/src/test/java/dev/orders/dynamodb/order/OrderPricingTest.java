package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.order.CreateOrder;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.PricingRefusal;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.validation.FieldError;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Orders and lines take their names and prices from the catalogue, at the moment they are written. */
@ExtendWith(DynamoDbExtension.class)
class OrderPricingTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("MUG", 1250);
        fx.putProduct("TEA", 899);
    }

    @Test
    void linesKeepTheNameAndPriceTheyTookWhenTheCatalogueChangesLater() {
        OrderAggregate created = created(fx.createOrder.create(request(line("MUG", 2), line("TEA", 1)), Optional.empty(), "x"));
        assertEquals(List.of(1250L, 899L), created.items().stream().map(OrderLine::unitPrice).toList());
        assertEquals(Optional.of("Product MUG"), created.items().get(0).name());

        fx.products.upsert(new ProductDetails("MUG", "Blue mug, new edition", 1490, "EUR", true));
        fx.putProduct("TEA", 999, "EUR", false);

        OrderAggregate later = fx.reads.findAggregateById(created.order().orderId()).orElseThrow();
        assertEquals(created, later);
        assertEquals(2 * 1250 + 899, later.order().total());
        OrderLine added = assertInstanceOf(LineChangeOutcome.Added.class, addLine(created, "MUG")).item();
        assertEquals(1490, added.unitPrice());
        assertEquals(Optional.of("Blue mug, new edition"), added.name());
        assertEquals(2 * 1250 + 899 + 1490, fx.reads.findRootById(created.order().orderId()).orElseThrow().total());
    }

    @Test
    void anOrderWithAnUnknownOrInactiveProductIsRefusedAndWritesNothing() {
        fx.putProduct("OLD", 500, "EUR", false);
        int before = fx.itemCount();

        OrderCreationOutcome result = fx.createOrder.create(request(line("MUG", 1), line("NOPE", 1), line("OLD", 1)),
                Optional.of("key-1"), "x");

        assertEquals(new OrderCreationOutcome.NotOrderable(new PricingRefusal.ProductUnavailable(List.of(
                new FieldError("items[1].sku", "is not in the catalogue"),
                new FieldError("items[2].sku", "is not for sale")))), result);
        assertEquals(before, fx.itemCount());
    }

    @Test
    void anOrderOfProductsInTwoCurrenciesIsRefusedAndWritesNothing() {
        fx.putProduct("CAP", 2000, "USD", true);
        int before = fx.itemCount();

        OrderCreationOutcome result = fx.createOrder.create(request(line("MUG", 1), line("CAP", 1)), Optional.empty(), "x");

        assertEquals(new OrderCreationOutcome.NotOrderable(new PricingRefusal.CurrencyMismatch(List.of(
                new FieldError("items[1].sku", "is priced in USD, the order in EUR")))), result);
        assertEquals(before, fx.itemCount());
    }

    @Test
    void aRetryAfterItsProductWasWithdrawnStillAnswersTheOrderItsKeyCreated() {
        OrderAggregate created = created(fx.createOrder.create(request(line("MUG", 1)), Optional.of("key-1"), "x"));
        fx.putProduct("MUG", 1250, "EUR", false);

        OrderCreationOutcome retry = fx.createOrder.create(request(line("MUG", 1)), Optional.of("key-1"), "x");
        OrderCreationOutcome another = fx.createOrder.create(request(line("MUG", 2)), Optional.of("key-1"), "x");

        assertEquals(new OrderCreationOutcome.Created(created, true), retry);
        assertEquals(new OrderCreationOutcome.KeyReused(), another);
    }

    @Test
    void aLineAddedInAnotherCurrencyThanItsOrderIsRefusedByTheWriteCondition() {
        OrderAggregate created = created(fx.createOrder.create(request(line("MUG", 1)), Optional.empty(), "x"));
        fx.putProduct("CAP", 2000, "USD", true);
        int before = fx.itemCount();

        LineChangeOutcome outcome = addLine(created, "CAP");

        assertEquals(new LineChangeOutcome.NotPriceable(new PricingRefusal.CurrencyMismatch(List.of(
                new FieldError("sku", "is priced in USD, the order in EUR")))), outcome);
        assertEquals(before, fx.itemCount());
        assertEquals(1250, fx.reads.findRootById(created.order().orderId()).orElseThrow().total());
    }

    @Test
    void aLineOfAnUnknownOrInactiveProductIsRefusedBeforeAnyWrite() {
        OrderAggregate created = created(fx.createOrder.create(request(line("MUG", 1)), Optional.empty(), "x"));
        fx.putProduct("OLD", 500, "EUR", false);
        int before = fx.itemCount();

        assertEquals(new LineChangeOutcome.NotPriceable(new PricingRefusal.ProductUnavailable(List.of(
                new FieldError("sku", "is not in the catalogue")))),
                addLine(created, "NOPE"));
        assertEquals(new LineChangeOutcome.NotPriceable(new PricingRefusal.ProductUnavailable(List.of(
                new FieldError("sku", "is not for sale")))),
                addLine(created, "OLD"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void theCurrencyAskedForMustBeTheProductsCurrency() {
        OrderCreationOutcome result = fx.createOrder.create(new OrderRequest("c-1", Optional.of("GBP"), List.of(line("MUG", 1))),
                Optional.empty(), "x");

        assertTrue(result instanceof OrderCreationOutcome.NotOrderable refused
                && refused.refusal() instanceof PricingRefusal.CurrencyMismatch, result.toString());
        assertEquals("EUR", created(fx.createOrder.create(new OrderRequest("c-1", Optional.of("EUR"),
                List.of(line("MUG", 1))), Optional.empty(), "x")).order().currency());
    }

    private LineChangeOutcome addLine(OrderAggregate order, String sku) {
        return fx.addLine.add("c-1", order.order().orderId(), new LineRequest(sku, 1), Optional.empty(), Optional.empty(), "x");
    }

    private static OrderAggregate created(OrderCreationOutcome result) {
        return assertInstanceOf(OrderCreationOutcome.Created.class, result).aggregate();
    }

    private static OrderRequest request(LineRequest... lines) {
        return new OrderRequest("c-1", Optional.empty(), List.of(lines));
    }

    private static LineRequest line(String sku, long quantity) {
        return new LineRequest(sku, quantity);
    }
}
