package dev.orders.functions.expireorders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineRequest;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.product.Stock;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.SampleEvents;
import dev.orders.lambda.json.Json;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.LogCapture;
import dev.orders.testsupport.lambda.TestContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The scheduled sweep over a Dynoxide table created from the template: each of its sample events (the schedule's
 * default notification, an Input with context attributes) runs one sweep, whatever the event holds.
 */
@ExtendWith(DynamoDbExtension.class)
class ExpireOrdersFunctionTest {
    private static final Path SAMPLES = SampleEvents.repositoryRoot().resolve("events/expire-orders");

    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("MUG", 1250);
        fx.stock("MUG", 5);
    }

    /** An order checked out by the fixture's clock, in January 2026: its window ended long before the sweep's now. */
    private String checkedOut(String customerId) {
        String orderId = ((OrderCreationOutcome.Created) fx.createOrder.create(new OrderRequest(customerId,
                Optional.empty(), List.of(new LineRequest("MUG", 2))), Optional.empty(), "user:" + customerId))
                .aggregate().order().orderId();
        StatusChangeOutcome checkout = fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId,
                OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), "user:" + customerId, Optional.empty()));
        assertTrue(checkout instanceof StatusChangeOutcome.Changed, checkout.toString());
        return orderId;
    }

    private static Map<String, Object> invoke(ExpireOrdersFunction function, byte[] event) throws IOException {
        return invoke(function, event, new TestContext());
    }

    private static Map<String, Object> invoke(ExpireOrdersFunction function, byte[] event, TestContext context)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        function.handleRequest(new ByteArrayInputStream(event), out, context);
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = (Map<String, Object>) Json.parse(out.toString(StandardCharsets.UTF_8));
        return answer;
    }

    private static List<Path> samples() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            return files.filter(file -> file.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void eachSampleEventRunsOneSweepThatExpiresTheOrdersWhoseWindowEndedAndReleasesTheirStock() throws IOException {
        List<Path> samples = samples();
        assertTrue(samples.size() >= 2, "the default notification and an Input: " + samples);
        for (Path sample : samples) {
            String orderId = checkedOut("c-" + sample.getFileName());

            Map<String, Object> answer = invoke(Sweeps.function(fx), Files.readAllBytes(sample));

            assertEquals(Map.of("expired", 1, "skipped", 0, "failed", 0), answer, sample.toString());
            assertEquals(OrderStatus.EXPIRED, fx.store.findRoot(orderId).orElseThrow().status());
            OrderEvent expiry = fx.events("c-" + sample.getFileName(), orderId).get(2);
            assertEquals("system:payment-window", expiry.by());
            assertEquals(new Stock(5, 0, 3 + 2 * samples.indexOf(sample)), fx.stockOf("MUG"));
        }
    }

    @Test
    void theSweepReadsNothingOfTheEventSoAnyEventRunsTheSameSweep() throws IOException {
        checkedOut("c-1");

        assertEquals(Map.of("expired", 1, "skipped", 0, "failed", 0),
                invoke(Sweeps.function(fx), "\"not an object\"".getBytes(StandardCharsets.UTF_8)));
        assertEquals(Map.of("expired", 0, "skipped", 0, "failed", 0), invoke(Sweeps.function(fx), new byte[0]),
                "nothing left to expire");
    }

    /**
     * At INFO a sweep writes no line of its own, every minute: its metric line records it, with the instant it swept up
     * to and Lambda's request id.
     */
    @Test
    void atInfoASweepIsItsMetricLineWithTheInstantItSweptAndItsRequestId() {
        checkedOut("c-1");
        TestContext context = new TestContext();
        Instant before = Instant.now();

        LogCapture.Captured<Map<String, Object>> run = LogCapture.stdout(() -> {
            try {
                return invoke(Sweeps.function(fx), new byte[0], context);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        assertEquals(Map.of("expired", 1, "skipped", 0, "failed", 0), run.result());
        assertEquals(List.of(), run.lines().stream().filter(line -> line.containsKey("level")).toList());
        assertEquals(1, run.lines().size(), run.lines().toString());
        Map<String, Object> metric = run.lines().get(0);
        assertEquals(List.of(1.0, 0.0, 0.0), List.of(metric.get("OrdersExpired"), metric.get("ExpirySkipped"),
                metric.get("ExpiryFailed")));
        assertEquals(context.getAwsRequestId(), metric.get("function_request_id"));
        Instant swept = Instant.parse((String) metric.get("sweptAt"));
        assertTrue(!swept.isBefore(before) && !swept.isAfter(Instant.now()), swept.toString());
    }

    @Test
    void aWindowThatIsNoWholeNumberOfMinutesAtLeastOneStopsTheFunctionAtItsStart() {
        for (String minutes : List.of("0", "-5", "thirty", "1.5")) {
            Map<String, String> env = Map.of(ExpireOrdersFunction.PAYMENT_WINDOW_MINUTES, minutes);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> ExpireOrdersFunction.paymentWindow(env), minutes);
            assertTrue(refused.getMessage().contains("PAYMENT_WINDOW_MINUTES"), refused.getMessage());
        }
        assertThrows(IllegalStateException.class, () -> ExpireOrdersFunction.paymentWindow(Map.of()));
    }
}
