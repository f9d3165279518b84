package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvalidParameterValueException;
import software.amazon.awssdk.services.lambda.model.InvalidRequestContentException;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.LambdaException;
import software.amazon.awssdk.services.lambda.model.LogType;
import software.amazon.awssdk.services.lambda.model.ResourceNotFoundException;

/**
 * ./sam-local start-lambda as the SDK for Java's LambdaClient calls it: the template's functions on their sample
 * events, each invocation type, a handler's unhandled error, and every refusal answered as Lambda answers it, with
 * nothing run; the SDK for JavaScript's LambdaClient too, and a web page's request refused. The server started for
 * the class stops cleanly when it ends (SIGTERM, nothing left running).
 */
class StartLambdaEndToEndTest {
    private static final String REGION = Optional.ofNullable(System.getenv("AWS_REGION")).filter(r -> !r.isBlank())
            .orElse("us-east-1");
    /** Where npm-tools/install put @aws-sdk/client-lambda (before the tests), and the script that calls it. */
    private static final Path JAVASCRIPT_SDK = Path.of("target", "npm-tools", "node_modules");
    private static final Path INVOKE_LAMBDA = Path.of("npm-tools", "invoke-lambda.cjs");
    private static SamLocalServer server;
    private static LambdaClient lambda;

    @BeforeAll
    static void start() {
        server = SamLocalServer.start("start-lambda", Map.of(), List.of());
        lambda = LambdaClient.builder().endpointOverride(URI.create(server.base())).region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    @AfterAll
    static void stopsCleanly() {
        lambda.close();
        server.close();
    }

    @Test
    void runsTheFunctionsJvmBesideOneEngine() throws IOException {
        Map<String, Long> programs = server.processes().stream().collect(Collectors.groupingBy(
                p -> p.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?"), Collectors.counting()));
        assertEquals(2L, programs.get("java"), "the launcher and the functions' JVM: " + programs);
        String engine = Path.of(System.getProperty("dynoxide.binary")).toRealPath().getFileName().toString();
        assertEquals(1L, programs.get(engine), "one engine: " + programs);
    }

    @Test
    void requestResponseAnswersTheFunctionsPayloadForASampleEventByNameOrArn() throws IOException {
        InvokeResponse put = invoke("CustomerProfileFunction", sample("customer-profile/put-customer.json"));
        assertEquals(200, put.statusCode());
        assertNull(put.functionError());
        assertEquals("$LATEST", put.executedVersion());
        assertEquals(201, httpStatus(put), put.payload().asUtf8String());

        InvokeResponse get = invoke("arn:aws:lambda:" + REGION + ":123456789012:function:CustomerProfileFunction",
                sample("customer-profile/get-customer.json"));
        assertEquals(200, httpStatus(get), get.payload().asUtf8String());
        assertEquals("Ada Lovelace", JSON.std.mapFrom((String) json(get).get("body")).get("name"));
    }

    @Test
    void logTypeTailAnswersTheInvocationsLogBetweenStartAndReportAsTheServerLogHasIt() throws IOException {
        InvokeResponse response = lambda.invoke(b -> b.functionName("CustomerProfileFunction").logType(LogType.TAIL)
                .payload(SdkBytes.fromUtf8String(sample("customer-profile/get-customer.json").replace("c-ada", "c-tail"))));
        String log = new String(Base64.getDecoder().decode(response.logResult()), StandardCharsets.UTF_8);
        // The call's request id is the invocation's, in Lambda's lines and in the handler's own.
        String requestId = response.responseMetadata().requestId();
        assertTrue(log.contains("\"function_request_id\":\"" + requestId + "\""), log);
        assertTrue(log.contains("\"Route\":\"/customers/{customerId}\""), "the handler's own line, its metric line: " + log);
        // The last line is the REPORT: the Tail holds the invocation's lines up to it, and the server log too.
        assertTrue(log.endsWith("\t\n"), log);
        boolean cold = log.contains("Init Duration: ");
        LambdaLines.assertFramed(log, requestId, cold);
        LambdaLines.assertFramed(Files.readString(server.log), requestId, cold);
    }

    @Test
    void eventIsAcceptedWith202AndItsEffectBecomesVisible() throws Exception {
        InvokeResponse accepted = lambda.invoke(b -> b.functionName("CustomerProfileFunction").invocationType(InvocationType.EVENT)
                .payload(SdkBytes.fromUtf8String(sample("customer-profile/put-customer.json").replace("c-ada", "c-event"))));
        assertEquals(202, accepted.statusCode());
        assertEquals(0, accepted.payload().asByteArray().length);

        String get = sample("customer-profile/get-customer.json").replace("c-ada", "c-event");
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        int status = httpStatus(invoke("CustomerProfileFunction", get));
        while (status != 200 && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            status = httpStatus(invoke("CustomerProfileFunction", get));
        }
        assertEquals(200, status, "the Event invocation's customer, read back");
    }

    @Test
    void dryRunAnswers204AndRunsNothing() throws IOException {
        InvokeResponse dryRun = lambda.invoke(b -> b.functionName("CustomerProfileFunction").invocationType(InvocationType.DRY_RUN)
                .payload(SdkBytes.fromUtf8String(sample("customer-profile/put-customer.json").replace("c-ada", "c-dry"))));
        assertEquals(204, dryRun.statusCode());
        assertCustomerAbsent("c-dry");
    }

    @Test
    void anEmptyPayloadReachesTheFunctionAsAnEmptyJsonObject() throws IOException {
        InvokeResponse response = lambda.invoke(b -> b.functionName("CustomerProfileFunction"));
        assertNull(response.functionError(), response.payload().asUtf8String());
        // An object, but no HTTP API event: the function's own 4xx, not a failure to read its input.
        int status = httpStatus(response);
        assertTrue(status >= 400 && status < 500, response.payload().asUtf8String());
    }

    @Test
    void aHandlerThatThrowsIsAnUnhandledFunctionErrorWithTheRuntimesErrorPayload() throws IOException {
        // Not a DynamoDB stream event: the publisher's handler cannot take it, as under Lambda's Java runtime.
        InvokeResponse response = invoke("PublishEventsFunction", "[1]");
        assertEquals(200, response.statusCode());
        assertEquals("Unhandled", response.functionError());
        Map<String, Object> error = json(response);
        assertTrue(((String) error.get("errorType")).endsWith("Exception"), error.toString());
        assertTrue(((String) error.get("errorMessage")).contains("DynamodbEvent"), error.toString());
        assertTrue(!((List<?>) error.get("stackTrace")).isEmpty(), error.toString());
    }

    @Test
    void anUnknownFunctionOrVersionIsResourceNotFound() {
        ResourceNotFoundException unknown = assertThrows(ResourceNotFoundException.class,
                () -> invoke("NoSuchFunction", "{}"));
        assertEquals(404, unknown.statusCode());
        assertEquals("Function not found: arn:aws:lambda:" + REGION + ":123456789012:function:NoSuchFunction",
                unknown.awsErrorDetails().errorMessage());
        // Nothing is published locally: the template's alias names no version here.
        ResourceNotFoundException alias = assertThrows(ResourceNotFoundException.class,
                () -> lambda.invoke(b -> b.functionName("CustomerProfileFunction").qualifier("live")));
        assertTrue(alias.awsErrorDetails().errorMessage().endsWith(":function:CustomerProfileFunction:live"),
                alias.awsErrorDetails().errorMessage());
    }

    @Test
    void aPayloadThatIsNotJsonIsInvalidRequestContentAndRunsNothing() throws IOException {
        String truncated = sample("customer-profile/put-customer.json").replace("c-ada", "c-broken");
        InvalidRequestContentException refused = assertThrows(InvalidRequestContentException.class,
                () -> invoke("CustomerProfileFunction", truncated.substring(0, truncated.length() - 2)));
        assertEquals(400, refused.statusCode());
        assertTrue(refused.awsErrorDetails().errorMessage().startsWith("Could not parse request body into json"),
                refused.awsErrorDetails().errorMessage());
        assertCustomerAbsent("c-broken");
    }

    @Test
    void aClientContextThatIsNotBase64OfAJsonObjectIsInvalidRequestContentAndRunsNothing() throws IOException {
        InvalidRequestContentException refused = assertThrows(InvalidRequestContentException.class, () -> lambda.invoke(b -> b
                .functionName("CustomerProfileFunction").clientContext(Base64.getEncoder().encodeToString("[]".getBytes(StandardCharsets.UTF_8)))
                .payload(SdkBytes.fromUtf8String(sample("customer-profile/put-customer.json").replace("c-ada", "c-context")))));
        assertEquals("Client context must be a valid Base64-encoded JSON object.", refused.awsErrorDetails().errorMessage());
        assertCustomerAbsent("c-context");
    }

    @Test
    void anUnknownInvocationTypeIsAValidationErrorAndRunsNothing() throws IOException {
        LambdaException refused = assertThrows(LambdaException.class, () -> lambda.invoke(b -> b
                .functionName("CustomerProfileFunction").invocationType("Sometimes")
                .payload(SdkBytes.fromUtf8String(sample("customer-profile/put-customer.json").replace("c-ada", "c-sometimes")))));
        assertEquals(400, refused.statusCode());
        assertEquals("ValidationException", refused.awsErrorDetails().errorCode());
        assertCustomerAbsent("c-sometimes");
    }

    @Test
    void aFunctionNameOutsideTheApisPatternIsAValidationError() {
        LambdaException refused = assertThrows(LambdaException.class, () -> invoke("Customer Profile", "{}"));
        assertEquals(400, refused.statusCode());
        assertEquals("ValidationException", refused.awsErrorDetails().errorCode());
        assertTrue(refused.awsErrorDetails().errorMessage().startsWith("1 validation error detected: Value 'Customer Profile'"
                + " at 'functionName' failed to satisfy constraint"), refused.awsErrorDetails().errorMessage());
    }

    @Test
    void aQualifierThatContradictsTheNamesIsAnInvalidParameter() {
        InvalidParameterValueException refused = assertThrows(InvalidParameterValueException.class,
                () -> lambda.invoke(b -> b.functionName("CustomerProfileFunction:$LATEST").qualifier("live")));
        assertEquals(400, refused.statusCode());
    }

    @Test
    void aRequestFromAWebPageIsAccessDeniedAndRunsNothing() throws Exception {
        String put = sample("customer-profile/put-customer.json").replace("c-ada", "c-page");
        // What a page's fetch(..., {mode: 'no-cors'}) sends: a "simple" text/plain POST, no preflight, with Origin.
        HttpResponse<String> post = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(server.base() + "/2015-03-31/functions/CustomerProfileFunction/invocations"))
                .header("Origin", "https://evil.example").header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(put)).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> preflight = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(server.base() + "/2015-03-31/functions/CustomerProfileFunction/invocations"))
                .header("Origin", "null").header("Access-Control-Request-Method", "POST")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());

        for (HttpResponse<String> refused : List.of(post, preflight)) {
            assertEquals(403, refused.statusCode(), refused.body());
            assertEquals(Optional.of("AccessDeniedException"), refused.headers().firstValue("x-amzn-ErrorType"));
            assertEquals(Optional.empty(), refused.headers().firstValue("Access-Control-Allow-Origin"));
            Map<String, Object> body = JSON.std.mapFrom(refused.body());
            assertEquals("User", body.get("Type"));
            assertTrue(((String) body.get("message")).startsWith("sam-local's Invoke API refuses requests from web pages"),
                    refused.body());
        }
        assertCustomerAbsent("c-page");
    }

    @Test
    void theSdkForJavaScriptSendsNoOriginAndIsAnsweredAsTheSdkForJavaIs() throws IOException {
        // Any request with Origin is refused (403, above): answered 200 with the function's payload, the call had none.
        Map<String, Object> put = invokeWithJavaScriptSdk("CustomerProfileFunction",
                sample("customer-profile/put-customer.json").replace("c-ada", "c-js"));
        assertEquals(200, put.get("StatusCode"), put.toString());
        assertNull(put.get("FunctionError"), put.toString());
        assertEquals(201, ((Number) JSON.std.mapFrom((String) put.get("Payload")).get("statusCode")).intValue(), put.toString());

        String get = sample("customer-profile/get-customer.json").replace("c-ada", "c-js");
        Map<String, Object> js = JSON.std.mapFrom((String) invokeWithJavaScriptSdk("CustomerProfileFunction", get).get("Payload"));
        assertEquals(200, ((Number) js.get("statusCode")).intValue(), js.toString());
        InvokeResponse java = invoke("CustomerProfileFunction", get);
        assertEquals(200, httpStatus(java), java.payload().asUtf8String());
        assertEquals(json(java).get("body"), js.get("body"));
    }

    /**
     * The answer ({StatusCode, FunctionError, Payload}) of the AWS SDK for JavaScript's LambdaClient, run by Node as
     * npm-tools/invoke-lambda.cjs with the SDK the build installed, dummy credentials and no config of this machine's.
     */
    private static Map<String, Object> invokeWithJavaScriptSdk(String functionName, String payload) throws IOException {
        SamLocalCommand.Result node = SamLocalCommand.exec(Path.of("").toAbsolutePath(),
                Map.of("NODE_PATH", JAVASCRIPT_SDK.toAbsolutePath().toString(),
                        "AWS_CONFIG_FILE", "/dev/null", "AWS_SHARED_CREDENTIALS_FILE", "/dev/null"),
                "node", INVOKE_LAMBDA.toAbsolutePath().toString(), server.base(), REGION, functionName, payload);
        assertEquals(0, node.exitCode(), "invoke-lambda.cjs (its SDK comes from npm-tools/install, run by the build): "
                + node.stderr());
        return JSON.std.mapFrom(node.stdout());
    }

    @Test
    void anyOtherOperationIsUnknown() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(server.base() + "/2015-03-31/functions/")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, response.statusCode());
        assertEquals(Optional.of("UnknownOperationException"), response.headers().firstValue("x-amzn-ErrorType"));
    }

    @Test
    void aPayloadOverTheLimitIsRefusedWith413AndRunsNothing() throws IOException {
        LambdaException sync = assertThrows(LambdaException.class,
                () -> invoke("CustomerProfileFunction", padded("c-big", 6 * 1024 * 1024)));
        assertEquals(413, sync.statusCode());
        // What Lambda sends, although its API model names RequestTooLargeException.
        assertEquals("RequestEntityTooLargeException", sync.awsErrorDetails().errorCode());
        assertEquals("Request must be smaller than 6291456 bytes for the InvokeFunction operation",
                sync.awsErrorDetails().errorMessage());

        String overEventLimit = padded("c-big", 1024 * 1024);
        LambdaException event = assertThrows(LambdaException.class, () -> lambda.invoke(b -> b
                .functionName("CustomerProfileFunction").invocationType(InvocationType.EVENT)
                .payload(SdkBytes.fromUtf8String(overEventLimit))));
        assertEquals(413, event.statusCode());
        assertEquals(overEventLimit.length() + " byte payload is too large for the Event invocation type (limit 1048576 bytes)",
                event.awsErrorDetails().errorMessage());
        assertCustomerAbsent("c-big");
    }

    private static InvokeResponse invoke(String functionName, String payload) {
        return lambda.invoke(b -> b.functionName(functionName).payload(SdkBytes.fromUtf8String(payload)));
    }

    private static String sample(String name) {
        try {
            return Files.readString(SamLocalCommand.ROOT.resolve("events").resolve(name));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The sample PUT of {@code customerId}, grown past {@code size} bytes by a field the function ignores. */
    private static String padded(String customerId, int size) throws IOException {
        Map<String, Object> event = JSON.std.mapFrom(sample("customer-profile/put-customer.json").replace("c-ada", customerId));
        event.put("padding", "x".repeat(size));
        return JSON.std.asString(event);
    }

    private static void assertCustomerAbsent(String customerId) throws IOException {
        InvokeResponse get = invoke("CustomerProfileFunction", sample("customer-profile/get-customer.json").replace("c-ada", customerId));
        assertEquals(404, httpStatus(get), "nothing was written for " + customerId + ": " + get.payload().asUtf8String());
    }

    private static Map<String, Object> json(InvokeResponse response) throws IOException {
        return JSON.std.mapFrom(response.payload().asUtf8String());
    }

    /** The status of the HTTP API response a function answered. */
    private static int httpStatus(InvokeResponse response) throws IOException {
        return ((Number) json(response).get("statusCode")).intValue();
    }
}
