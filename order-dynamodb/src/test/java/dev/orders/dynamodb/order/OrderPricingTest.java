package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.order.OrderIntake;
import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderItem;
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
        OrderAggregate created = created(fx.intake.create(request(line("MUG", 2), line("TEA", 1)), Optional.empty(), "x"));
        assertEquals(List.of(1250L, 899L), created.items().stream().map(OrderItem::unitPrice).toList());
        assertEquals(Optional.of("Product MUG"), created.items().get(0).name());

        fx.products.upsert(new ProductDetails("MUG", "Blue mug, new edition", 1490, "EUR", true));
        fx.putProduct("TEA", 999, "EUR", false);

        OrderAggregate later = fx.reads.findAggregateById(created.order().orderId()).orElseThrow();
        assertEquals(created, later);
        assertEquals(2 * 1250 + 899, later.order().total());
        OrderItem added = assertInstanceOf(ItemChangeOutcome.Added.class, addLine(created, "MUG")).item();
        assertEquals(1490, added.unitPrice());
        assertEquals(Optional.of("Blue mug, new edition"), added.name());
        assertEquals(2 * 1250 + 899 + 1490, fx.reads.findHeaderById(created.order().orderId()).orElseThrow().total());
    }

    @Test
    void anOrderWithAnUnknownOrInactiveProductIsRefusedAndWritesNothing() {
        fx.putProduct("OLD", 500, "EUR", false);
        int before = fx.itemCount();

        OrderIntake.Result result = fx.intake.create(request(line("MUG", 1), line("NOPE", 1), line("OLD", 1)),
                Optional.of("key-1"), "x");

        assertEquals(new OrderIntake.Result.NotOrderable(new PricingRefusal.ProductUnavailable(List.of(
                new FieldError("items[1].sku", "is not in the catalogue"),
                new FieldError("items[2].sku", "is not for sale")))), result);
        assertEquals(before, fx.itemCount());
    }

    @Test
    void anOrderOfProductsInTwoCurrenciesIsRefusedAndWritesNothing() {
        fx.putProduct("CAP", 2000, "USD", true);
        int before = fx.itemCount();

        OrderIntake.Result result = fx.intake.create(request(line("MUG", 1), line("CAP", 1)), Optional.empty(), "x");

        assertEquals(new OrderIntake.Result.NotOrderable(new PricingRefusal.CurrencyMismatch(List.of(
                new FieldError("items[1].sku", "is priced in USD, the order in EUR")))), result);
        assertEquals(before, fx.itemCount());
    }

    @Test
    void aRetryAfterItsProductWasWithdrawnStillAnswersTheOrderItsKeyCreated() {
        OrderAggregate created = created(fx.intake.create(request(line("MUG", 1)), Optional.of("key-1"), "x"));
        fx.putProduct("MUG", 1250, "EUR", false);

        OrderIntake.Result retry = fx.intake.create(request(line("MUG", 1)), Optional.of("key-1"), "x");
        OrderIntake.Result another = fx.intake.create(request(line("MUG", 2)), Optional.of("key-1"), "x");

        assertEquals(new OrderIntake.Result.Created(created, true), retry);
        assertEquals(new OrderIntake.Result.KeyReused(), another);
    }

    @Test
    void aLineAddedInAnotherCurrencyThanItsOrderIsRefusedByTheWriteCondition() {
        OrderAggregate created = created(fx.intake.create(request(line("MUG", 1)), Optional.empty(), "x"));
        fx.putProduct("CAP", 2000, "USD", true);
        int before = fx.itemCount();

        ItemChangeOutcome outcome = addLine(created, "CAP");

        assertEquals(new ItemChangeOutcome.NotPriceable(new PricingRefusal.CurrencyMismatch(List.of(
                new FieldError("sku", "is priced in USD, the order in EUR")))), outcome);
        assertEquals(before, fx.itemCount());
        assertEquals(1250, fx.reads.findHeaderById(created.order().orderId()).orElseThrow().total());
    }

    @Test
    void aLineOfAnUnknownOrInactiveProductIsRefusedBeforeAnyWrite() {
        OrderAggregate created = created(fx.intake.create(request(line("MUG", 1)), Optional.empty(), "x"));
        fx.putProduct("OLD", 500, "EUR", false);
        int before = fx.itemCount();

        assertEquals(new ItemChangeOutcome.NotPriceable(new PricingRefusal.ProductUnavailable(List.of(
                new FieldError("sku", "is not in the catalogue")))),
                addLine(created, "NOPE"));
        assertEquals(new ItemChangeOutcome.NotPriceable(new PricingRefusal.ProductUnavailable(List.of(
                new FieldError("sku", "is not for sale")))),
                addLine(created, "OLD"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void theCurrencyAskedForMustBeTheProductsCurrency() {
        OrderIntake.Result result = fx.intake.create(new OrderRequest("c-1", Optional.of("GBP"), List.of(line("MUG", 1))),
                Optional.empty(), "x");

        assertTrue(result instanceof OrderIntake.Result.NotOrderable refused
                && refused.refusal() instanceof PricingRefusal.CurrencyMismatch, result.toString());
        assertEquals("EUR", created(fx.intake.create(new OrderRequest("c-1", Optional.of("EUR"),
                List.of(line("MUG", 1))), Optional.empty(), "x")).order().currency());
    }

    private ItemChangeOutcome addLine(OrderAggregate order, String sku) {
        return fx.lines.addItem("c-1", order.order().orderId(), new ItemRequest(sku, 1), Optional.empty(), "x");
    }

    private static OrderAggregate created(OrderIntake.Result result) {
        return assertInstanceOf(OrderIntake.Result.Created.class, result).aggregate();
    }

    private static OrderRequest request(ItemRequest... lines) {
        return new OrderRequest("c-1", Optional.empty(), List.of(lines));
    }

    private static ItemRequest line(String sku, long quantity) {
        return new ItemRequest(sku, quantity);
    }
}
