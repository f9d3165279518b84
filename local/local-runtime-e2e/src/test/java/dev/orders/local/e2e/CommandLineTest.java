package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.api.LocalIssuer;
import dev.orders.local.api.LocalJwtAuthorizer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad usage is one line and a non-zero exit; generate-event prints the event of the route asked for. */
class CommandLineTest {

    @Test
    void unknownFunctionIsOneLineAndExitCode2() {
        SamLocalCommand.Result result = SamLocalCommand.run(Map.of(), "invoke", "NoSuchFunction", "-e",
                "events/create-order/create-order.json");
        // The code docs/LOCAL.md gives, where SAM CLI's is 1.
        assertEquals(2, result.exitCode(), result.stderr());
        assertOneLineError(result, "unknown function 'NoSuchFunction'");
    }

    @Test
    void missingEventFileIsOneLine() {
        assertOneLineError(SamLocalCommand.run(Map.of(), "invoke", "QueryOrdersFunction", "-e", "events/nope.json"),
                "event file events/nope.json does not exist");
    }

    @Test
    void malformedEventJsonIsOneLine(@TempDir Path dir) throws IOException {
        Path event = Files.writeString(dir.resolve("broken.json"), "{\"version\": ");
        assertOneLineError(SamLocalCommand.run(Map.of(), "invoke", "QueryOrdersFunction", "-e", event.toString()),
                "is not valid JSON");
    }

    @Test
    void portInUseIsOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--port", Integer.toString(taken.getLocalPort())),
                    "port " + taken.getLocalPort() + " on 127.0.0.1 is in use");
        }
    }

    @Test
    void startLambdaRefusesStartApisSeedAndATakenPortInOneLine() throws IOException {
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-lambda", "--seed"), "unknown option --seed");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertOneLineError(SamLocalCommand.run(Map.of(), "start-lambda", "--port", Integer.toString(taken.getLocalPort())),
                    "port " + taken.getLocalPort() + " on 127.0.0.1 is in use");
        }
    }

    @Test
    void unknownVerbAndUnknownOptionAreOneLine() {
        assertOneLineError(SamLocalCommand.run(Map.of(), "deploy"), "unknown verb 'deploy'");
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--colour", "blue"), "unknown option --colour");
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--bogus"), "unknown option --bogus");
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--port"), "--port needs a value");
    }

    @Test
    @SuppressWarnings("unchecked")
    void generateEventPrintsAnHttpApiEventOfTheRoute() throws IOException {
        SamLocalCommand.Result result = SamLocalCommand.run(Map.of(), "generate-event", "POST /customers/c-1/orders");
        assertEquals(0, result.exitCode(), result.stderr());
        Map<String, Object> event = JSON.std.mapFrom(result.stdout());
        assertEquals("2.0", event.get("version"));
        assertEquals("POST /customers/{customerId}/orders", event.get("routeKey"));
        assertEquals("/customers/c-1/orders", event.get("rawPath"));
        assertEquals(Map.of("customerId", "c-1"), event.get("pathParameters"));
        Map<String, Object> context = (Map<String, Object>) event.get("requestContext");
        assertEquals("$default", context.get("stage"));
        assertEquals("POST", ((Map<String, Object>) context.get("http")).get("method"));
        assertTrue(((String) context.get("time")).matches("\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2} \\+0000"));

        SamLocalCommand.Result byTemplate = SamLocalCommand.run(Map.of(), "generate-event", "GET /orders/{orderId}");
        assertEquals(0, byTemplate.exitCode(), byTemplate.stderr());
        assertEquals("GET /orders/{orderId}", JSON.std.mapFrom(byTemplate.stdout()).get("routeKey"));

        assertOneLineError(SamLocalCommand.run(Map.of(), "generate-event", "GET /nowhere"), "no route of template.yaml matches");
    }

    @Test
    void tokenWithScpPutsTheScopesInAnArrayClaimTheLocalAuthorizerAccepts() {
        SamLocalCommand.Result result = SamLocalCommand.run(Map.of(), "token", "auth0|5f7c", "orders", "orders:admin", "--scp");
        assertEquals(0, result.exitCode(), result.stderr());

        // Without --port, the token is for the issuer of a start-api on the default port, 3000.
        LocalIssuer issuer = LocalIssuer.load(SamLocalCommand.ROOT.resolve(LocalIssuer.KEY_FILE),
                URI.create("http://127.0.0.1:3000"), List.of(LocalIssuer.DEFAULT_AUDIENCE), Clock.systemUTC());
        LocalJwtAuthorizer.Result verdict = LocalJwtAuthorizer.of(issuer, Clock.systemUTC())
                .authorize(Optional.of("Bearer " + result.stdout().strip()));
        LocalJwtAuthorizer.Result.Authorized authorized = assertInstanceOf(LocalJwtAuthorizer.Result.Authorized.class, verdict);
        assertEquals("auth0|5f7c", authorized.claims().get("sub"));
        assertEquals("[orders orders:admin]", authorized.claims().get("scp"));
        assertEquals(List.of("orders", "orders:admin"), authorized.scopes());
    }

    @Test
    void startApiWithAnIssuerItCannotTrustIsOneLine() {
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--jwt-issuer", "http://issuer.example.com",
                "--jwt-audience", "orders-api"), "the JWT issuer must be an https URL (http only on the loopback)");
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--jwt-issuer", "https://issuer.example.com"),
                "the JWT issuer https://issuer.example.com needs an audience");
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--jwt-issuer", "https://issuer.example.com",
                "--jwt-audience", "orders-api", "--seed"), "--seed writes through the routes with tokens of sam-local's own issuer");
    }

    @Test
    void tokenForAnotherIssuerIsOneLineNoToken() {
        assertOneLineError(SamLocalCommand.run(Map.of("SAM_LOCAL_JWT_ISSUER", "https://tenant.example.com/",
                "SAM_LOCAL_JWT_AUDIENCE", "orders-api"), "token", "c-ada"), "start-api trusts the issuer https://tenant.example.com/");
        assertOneLineError(SamLocalCommand.run(Map.of(), "token", "c-ada", "--hours", "many"), "--hours takes a whole number");
    }

    @Test
    void versionAndACommandsHelpAnswerOnStdoutWithExitCode0() {
        SamLocalCommand.Result version = SamLocalCommand.run(Map.of(), "--version");
        assertEquals(0, version.exitCode(), version.stderr());
        assertTrue(version.stdout().matches("sam-local, version \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n"), version.stdout());
        SamLocalCommand.Result help = SamLocalCommand.run(Map.of(), "start-api", "--port", "not-even-read", "--help");
        assertEquals(0, help.exitCode(), help.stderr());
        assertEquals("", help.stderr());
        assertTrue(help.stdout().startsWith("Usage: ./sam-local start-api [OPTIONS]\n"), help.stdout());
        assertTrue(help.stdout().contains("\nExamples:\n  $ ./sam-local start-api "), help.stdout());
        assertTrue(help.stdout().contains("  -d, --debug-port PORT"), help.stdout());
    }

    @Test
    void aSamFlagWithoutMeaningHereIsOneLineNamingItAndWhatToDoInstead() {
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--warm-containers", "EAGER"),
                "--warm-containers is SAM CLI's, not ./sam-local's: ./sam-local runs no containers");
    }

    @Test
    void parameterOverridesCloudFormationRefusesAreRefusedInItsWordsBeforeAnythingStarts() {
        assertOneLineError(SamLocalCommand.run(Map.of(), "invoke", "CustomerProfileFunction", "--parameter-overrides",
                "LogLevel=TRACE"), "Parameter 'LogLevel' must be one of AllowedValues");
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "--parameter-overrides", "ParameterKey=Stage,ParameterValue=dev"),
                "Parameters: [Stage] do not exist in the template");
    }

    @Test
    void theSamconfigNextToAnotherTemplateIsReadAndTheCommandLineWins(@TempDir Path dir) throws IOException {
        Path template = Files.copy(SamLocalCommand.ROOT.resolve("template.yaml"), dir.resolve("template.yaml"));
        Files.writeString(dir.resolve("samconfig.toml"), """
                version = 0.1
                [default.local_invoke.parameters]
                parameter_overrides = "LogLevel=TRACE"
                """);
        assertOneLineError(SamLocalCommand.run(Map.of(), "invoke", "-t", template.toString(), "CustomerProfileFunction"),
                "Parameter 'LogLevel' must be one of AllowedValues");
        // With the command line's value, the template's own CodeUri, from its directory, is what is missing.
        assertOneLineError(SamLocalCommand.run(Map.of(), "invoke", "-t", template.toString(), "CustomerProfileFunction",
                "--parameter-overrides", "LogLevel=DEBUG"), "CustomerProfileFunction: functions/customer-profile/target/"
                + "customer-profile.jar is not built");
    }

    @Test
    void aScheduleEventBridgeWouldRefuseStopsStartApiInOneLineBeforeAnythingStarts(@TempDir Path dir) throws IOException {
        Path template = Files.writeString(dir.resolve("template.yaml"), Files.readString(SamLocalCommand.ROOT.resolve("template.yaml"))
                .replace("      Events:\n        PutCustomer:\n", """
                              Events:
                                Nightly:
                                  Type: ScheduleV2
                                  Properties: {ScheduleExpression: "cron(0 8 * * MON *)"}
                                PutCustomer:
                        """));
        assertOneLineError(SamLocalCommand.run(Map.of(), "start-api", "-t", template.toString()), "template:"
                + " CustomerProfileFunction.Nightly (ScheduleV2) has cron(0 8 * * MON *): one of day-of-month and day-of-week"
                + " must be ? and the other not");
    }

    @Test
    @SuppressWarnings("unchecked")
    void generateEventPrintsSamsHttpApiAndDynamoDbSamplesWithTheirOptions() throws IOException {
        SamLocalCommand.Result http = SamLocalCommand.run(Map.of(), "generate-event", "apigateway", "http-api-proxy",
                "--method", "GET", "--path", "customers/c-1");
        assertEquals(0, http.exitCode(), http.stderr());
        Map<String, Object> event = JSON.std.mapFrom(http.stdout());
        assertEquals("/customers/c-1", event.get("rawPath"));
        assertEquals("GET", ((Map<String, Object>) ((Map<String, Object>) event.get("requestContext")).get("http")).get("method"));
        SamLocalCommand.Result stream = SamLocalCommand.run(Map.of(), "generate-event", "dynamodb", "update", "--table",
                "orders-local");
        assertEquals(0, stream.exitCode(), stream.stderr());
        List<Map<String, Object>> records = (List<Map<String, Object>>) JSON.std.mapFrom(stream.stdout()).get("Records");
        assertTrue(((String) records.get(0).get("eventSourceARN")).contains(":table/orders-local/stream/"), stream.stdout());
    }

    @Test
    void aSampleEventOfAKindNoFunctionTakesIsRefusedNamingThoseThereAre() {
        for (List<String> sample : List.of(List.of("s3", "put"), List.of("sqs", "receive-message"))) {
            SamLocalCommand.Result result = SamLocalCommand.run(Map.of(), "generate-event", sample.get(0), sample.get(1));
            assertEquals(2, result.exitCode(), result.stderr());
            assertOneLineError(result, "sam-local has SAM CLI's sample events only of the kinds this template's functions"
                    + " take: apigateway http-api-proxy, cloudwatch scheduled-event, dynamodb update; '"
                    + String.join(" ", sample) + "' is not one (sam local generate-event prints the others)");
        }
    }

    @Test
    void aServicesHelpListsItsEventsAsSamCliDoes() {
        SamLocalCommand.Result help = SamLocalCommand.run(Map.of(), "generate-event", "apigateway", "--help");
        assertEquals(0, help.exitCode(), help.stderr());
        assertTrue(help.stdout().startsWith("Usage: ./sam-local generate-event apigateway [OPTIONS] COMMAND [ARGS]...\n"),
                help.stdout());
        assertTrue(help.stdout().contains("\nCommands:\n  http-api-proxy    Generates an Amazon API Gateway Http API Event\n"),
                help.stdout());
    }

    @Test
    void localBeforeACommandOfSamLocalIsReadAsWithoutItAndBeforeAnythingElseHints() throws IOException {
        SamLocalCommand.Result event = SamLocalCommand.run(Map.of(), "local", "generate-event", "GET /orders/{orderId}");
        assertEquals(0, event.exitCode(), event.stderr());
        assertEquals("GET /orders/{orderId}", JSON.std.mapFrom(event.stdout()).get("routeKey"));
        assertOneLineError(SamLocalCommand.run(Map.of(), "local", "invoke", "NoSuchFunction"), "unknown function 'NoSuchFunction'");
        assertOneLineError(SamLocalCommand.run(Map.of(), "local", "deploy"), "'local' takes a command of sam local: invoke,"
                + " start-api, start-lambda, generate-event (./sam-local local invoke is ./sam-local invoke)");
    }

    private static void assertOneLineError(SamLocalCommand.Result result, String expected) {
        assertNotEquals(0, result.exitCode(), result.stderr());
        List<String> lines = result.stderrLines();
        assertEquals(1, lines.size(), "exactly one line on stderr: " + result.stderr());
        assertTrue(lines.get(0).startsWith("sam-local: ") && lines.get(0).contains(expected), lines.get(0));
        assertEquals("", result.stdout());
    }
}
