package dev.orders.functions.changeorder;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.withBody;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.LineRequest;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.product.Stock;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.SampleEvents;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A line of a product whose stock is tracked reserves it, and a cancelled order gives it back. */
class LineStockTest extends SampleOrderTest {

    @Test
    void anItemAskingMoreThanIsAvailableIs409OutOfStockNamingWhatIsAvailableAndWritesNothing() {
        fx.stock("BISCUITS-200G", 2);
        int items = fx.itemCount();

        Reply reply = invoke(function, SampleEvents.load(ADD_ITEM));

        assertEquals(409, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("urn:order-service:problem:out-of-stock", reply.json().get("type"));
        assertEquals(List.of(Map.of("sku", "BISCUITS-200G", "requested", 3, "available", 2)),
                reply.json().get("shortages"));
        assertEquals(items, fx.itemCount());
        assertEquals(new Stock(2, 0, 1), fx.stockOf("BISCUITS-200G"));
    }

    @Test
    void anAddedItemReservesItsUnitsAndCancellingTheOrderReleasesThem() {
        fx.stock("BISCUITS-200G", 5);

        Reply added = invoke(function, SampleEvents.load(ADD_ITEM));
        assertEquals(201, added.status(), added.response().getBody());
        assertEquals(2, fx.stockOf("BISCUITS-200G").available());

        Reply cancelled = invoke(function, withBody(CHANGE_STATUS, Map.of("status", "CANCELLED")));
        assertEquals(200, cancelled.status(), cancelled.response().getBody());
        assertEquals(new Stock(5, 0, 3), fx.stockOf("BISCUITS-200G"));
    }

    /** An order holds at most 97 lines, so that its cancellation, one release per stocked product, fits one transaction. */
    @Test
    void anItemAddedToAnOrderOfNinetySevenLinesIs409TooManyItemsAndReservesNothing() {
        for (int line = 2; line < OrderLimits.MAX_ITEMS_PER_ORDER; line++) {
            fx.addLine.add(Fixture.SAMPLE_CUSTOMER, Fixture.SAMPLE_ORDER, new LineRequest("TEA-EARL-100G", 1),
                    Optional.empty(), Optional.empty(), "customer:" + Fixture.SAMPLE_CUSTOMER);
        }
        fx.stock("BISCUITS-200G", 5);
        int items = fx.itemCount();

        Reply reply = invoke(function, SampleEvents.load(ADD_ITEM));

        assertEquals(409, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("urn:order-service:problem:too-many-items", reply.json().get("type"));
        assertEquals(items, fx.itemCount());
        assertEquals(new Stock(5, 0, 1), fx.stockOf("BISCUITS-200G"));
    }
}
