package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.local.cli.SamLocal;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every function, run from its built jar in a fresh JVM by ./sam-local invoke, as a SAM user runs it. Every
 * sample event of events/ runs against each jar in its module's JarIT (a class missing from a deployable jar
 * fails there); here each function answers one, through the command.
 */
class InvokeEachFunctionTest {
    private static LocalDynamoDb dynamoDb;

    @BeforeAll
    static void tableWithTheRowsTheSampleEventsName() {
        dynamoDb = LocalDynamoDb.launch();
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIfAbsent(dynamoDb.client(), SamLocal.TABLE_NAME);
        Fixture fixture = new Fixture(new TestTable(SamLocal.TABLE_NAME, dynamoDb.client()));
        fixture.customers.upsert(new CustomerDetails(Fixture.SAMPLE_CUSTOMER, "Ada Lovelace", "ada@example.com"));
        fixture.seedSampleOrder();
    }

    @AfterAll
    static void stop() {
        dynamoDb.close();
    }

    @Test
    void everyFunctionAnswersItsFirstSampleEventFromItsBuiltJarInAFreshJvm() throws IOException {
        for (SamTemplate.Function function : SamTemplate.repository().functions()) {
            String module = function.codeUri().split("/")[1];
            Path event;
            try (Stream<Path> files = Files.list(SamLocalCommand.ROOT.resolve("events").resolve(module))) {
                event = files.filter(f -> f.toString().endsWith(".json")).sorted().findFirst()
                        .orElseThrow(() -> new AssertionError("no sample event for " + function.logicalId()));
            }
            SamLocalCommand.Result result = SamLocalCommand.run(Map.of("DYNAMODB_ENDPOINT", dynamoDb.endpoint().toString()),
                    "invoke", function.logicalId(), "-e", SamLocalCommand.ROOT.relativize(event).toString());
            String what = function.logicalId() + " with " + event.getFileName() + ": " + result.stderr();
            assertEquals(0, result.exitCode(), what);
            Map<String, Object> response = JSON.std.mapFrom(result.stdout());
            if (!function.streams().isEmpty()) {
                // A stream function (the publisher): every record published to the local event bus.
                assertEquals(List.of(), response.get("batchItemFailures"), what);
            } else if (function.routes().isEmpty()) {
                // A scheduled function (the payment window's sweep): one sweep, none of it failed.
                assertEquals(0, response.get("failed"), what);
            } else {
                int status = ((Number) response.get("statusCode")).intValue();
                assertTrue(status < 500, status + " from " + what);
            }
            assertTrue(result.stderr().contains(function.logicalId() + ": init "), "init time logged: " + what);
        }
    }

    @Test
    void theWebhooksSampleIsSignedAnewAtInvokeTimeSoItsSignatureVerifies() throws IOException {
        SamLocalCommand.Result result = SamLocalCommand.run(Map.of("DYNAMODB_ENDPOINT", dynamoDb.endpoint().toString()),
                "invoke", "PaymentWebhookFunction", "-e", "events/payment-webhook/payment-succeeded.json");
        assertEquals(0, result.exitCode(), result.stderr());
        Map<String, Object> response = JSON.std.mapFrom(result.stdout());
        assertEquals(200, response.get("statusCode"), result.stdout());
        assertTrue(result.stderr().contains("signed anew, now, with WEBHOOK_SECRET"), result.stderr());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aHandlerThatThrowsExitsWith1AndPrintsTheRuntimesError(@TempDir Path dir) throws IOException {
        // Not a DynamoDB stream event: the publisher's handler cannot take it, as under Lambda's Java runtime.
        Path event = Files.writeString(dir.resolve("not-a-stream-batch.json"), "{\"Records\": \"x\"}");
        SamLocalCommand.Result result = SamLocalCommand.run(Map.of("DYNAMODB_ENDPOINT", dynamoDb.endpoint().toString()),
                "invoke", "PublishEventsFunction", "-e", event.toString());
        assertEquals(1, result.exitCode(), result.stderr());
        Map<String, Object> error = JSON.std.mapFrom(result.stdout());
        assertTrue(((String) error.get("errorMessage")).contains("DynamodbEvent"), result.stdout());
        assertTrue(((String) error.get("errorType")).endsWith("Exception"), result.stdout());
        assertTrue(!((List<Object>) error.get("stackTrace")).isEmpty(), result.stdout());
    }

    @Test
    void theSampleCustomerIsReadBackThroughInvokeWithLambdasLinesOfAColdStartOnStderr() throws IOException {
        SamLocalCommand.Result result = SamLocalCommand.run(Map.of("DYNAMODB_ENDPOINT", dynamoDb.endpoint().toString()),
                "invoke", "CustomerProfileFunction", "-e", "events/customer-profile/get-customer.json");
        assertEquals(0, result.exitCode(), result.stderr());
        Map<String, Object> response = JSON.std.mapFrom(result.stdout());
        assertEquals(200, response.get("statusCode"));
        assertEquals("Ada Lovelace", JSON.std.mapFrom((String) response.get("body")).get("name"));
        String requestId = LambdaLines.firstRequestId(result.stderr());
        LambdaLines.assertFramed(result.stderr(), requestId, true);
        assertEquals(requestId, UUID.fromString(requestId).toString(), "Lambda's request id is a UUID, not the gateway's");
    }

    @Test
    void anEventGeneratedForACallerIsAnsweredAsThatCallerByInvoke(@TempDir Path dir) throws IOException {
        SamLocalCommand.Result generated = SamLocalCommand.run(Map.of(), "generate-event", "GET /customers/c-ada",
                "--sub", "c-ada", "--scope", "orders");
        assertEquals(0, generated.exitCode(), generated.stderr());
        Path event = Files.writeString(dir.resolve("get-ada.json"), generated.stdout());

        SamLocalCommand.Result result = SamLocalCommand.run(Map.of("DYNAMODB_ENDPOINT", dynamoDb.endpoint().toString()),
                "invoke", "CustomerProfileFunction", "-e", event.toString());
        assertEquals(0, result.exitCode(), result.stderr());
        // Without --sub the function would see no caller and answer 401.
        assertEquals(200, JSON.std.mapFrom(result.stdout()).get("statusCode"), result.stdout());
    }
}
