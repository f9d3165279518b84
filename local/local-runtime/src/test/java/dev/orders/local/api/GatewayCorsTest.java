package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.lambda.fixtures.Echo;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local HTTP API's CORS, as API Gateway's for an HTTP API with a CorsConfiguration: preflights answered by the
 * gateway (no authorizer, no function), the configured headers on the answers to an allowed origin only, a
 * function's own CORS headers dropped; without a configuration, none of it.
 */
class GatewayCorsTest {
    private static final String ALLOWED = "http://localhost:5173";
    private static final String TEMPLATE = """
            Parameters:
              CorsAllowedOrigins: {Type: CommaDelimitedList, Default: ""}
            Conditions:
              HasCorsOrigins: !Not [!Equals [!Join ["", !Ref CorsAllowedOrigins], ""]]
            Resources:
              Api:
                Type: AWS::Serverless::HttpApi
                Properties:
                  CorsConfiguration: !If
                    - HasCorsOrigins
                    - AllowOrigins: !Ref CorsAllowedOrigins
                      AllowMethods: [GET, POST]
                      AllowHeaders: [Authorization, content-type, idempotency-key]
                      ExposeHeaders: [etag, location]
                      MaxAge: 600
                    - !Ref AWS::NoValue
              Things:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: dev.orders.local.lambda.fixtures.Echo::handleRequest
                  CodeUri: things.jar
                  Events:
                    Get: {Type: HttpApi, Properties: {ApiId: !Ref Api, Method: GET, Path: "/things/{id}"}}
                    Post: {Type: HttpApi, Properties: {ApiId: !Ref Api, Method: POST, Path: /things}}
            """;
    /** What the function answers: a JSON body and, as some handlers do, a CORS header of its own. */
    private static final String ANSWER = """
            {"statusCode": 200, "headers": {"content-type": "application/json", "ETag": "\\"3\\"",
             "Access-Control-Allow-Origin": "*"}, "body": "{\\"id\\":\\"t-1\\"}"}""";

    @TempDir
    Path root;
    private final AtomicInteger invocations = new AtomicInteger();

    @BeforeEach
    void functionJar() throws Exception {
        String entry = Echo.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(root.resolve("things.jar")));
             InputStream classFile = Echo.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            classFile.transferTo(out);
            out.closeEntry();
        }
    }

    @Test
    void aPreflightFromAnAllowedOriginIsAnsweredByTheGatewayWithoutTokenOrFunction() {
        try (LocalHttpApi api = api(ALLOWED)) {
            LocalHttpApi.Response response = api.handle(request("OPTIONS", "/things", Map.of("Origin", ALLOWED,
                    "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "authorization,Content-Type")));

            assertEquals(204, response.status());
            assertEquals(Map.of("access-control-allow-origin", List.of(ALLOWED),
                    "access-control-allow-methods", List.of("GET,POST"),
                    "access-control-allow-headers", List.of("authorization,content-type,idempotency-key"),
                    "access-control-max-age", List.of("600")), response.headers());
            assertEquals(0, response.body().length);
            assertEquals(0, invocations.get(), "no function runs for a preflight");
        }
    }

    @Test
    void aPreflightFromAnotherOriginOrForAMethodOrHeaderNotConfiguredGetsNoCorsHeader() {
        try (LocalHttpApi api = api(ALLOWED)) {
            for (Map<String, String> headers : List.of(
                    Map.of("Origin", "http://localhost:5174", "Access-Control-Request-Method", "GET"),
                    Map.of("Origin", ALLOWED, "Access-Control-Request-Method", "DELETE"),
                    Map.of("Origin", ALLOWED, "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "x-debug"))) {
                LocalHttpApi.Response response = api.handle(request("OPTIONS", "/things/t-1", headers));

                assertEquals(204, response.status(), headers.toString());
                assertEquals(Map.of(), response.headers(), headers.toString());
            }
            assertEquals(0, invocations.get());
        }
    }

    @Test
    void anOptionsRequestThatAsksForNoMethodIsNoPreflightAndNoRouteTakesIt() {
        try (LocalHttpApi api = api(ALLOWED)) {
            LocalHttpApi.Response response = api.handle(request("OPTIONS", "/things", Map.of("Origin", ALLOWED)));

            assertEquals(404, response.status());
            assertEquals("{\"message\":\"Not Found\"}", response.text());
            assertEquals(0, invocations.get());
        }
    }

    @Test
    void anAllowedOriginsRequestGetsItsOriginEchoedAndTheExposedHeadersInsteadOfTheFunctions() {
        try (LocalHttpApi api = api(ALLOWED)) {
            LocalHttpApi.Response response = api.handle(request("GET", "/things/t-1", Map.of("Origin", ALLOWED,
                    "Authorization", "Bearer token")));

            assertEquals(200, response.status());
            assertEquals("{\"id\":\"t-1\"}", response.text());
            assertEquals(List.of(ALLOWED), response.headers().get("access-control-allow-origin"));
            assertEquals(List.of("etag,location"), response.headers().get("access-control-expose-headers"));
            assertEquals(null, response.headers().get("Access-Control-Allow-Origin"), "the function's CORS header is dropped");
            assertEquals(List.of("\"3\""), response.headers().get("ETag"));
            assertEquals(1, invocations.get());
        }
    }

    @Test
    void theGatewaysOwnRefusalOfAnAllowedOriginCarriesTheHeadersSoThePageCanReadIt() {
        try (LocalHttpApi api = api(ALLOWED)) {
            LocalHttpApi.Response response = api.handle(request("GET", "/things/t-1", Map.of("Origin", ALLOWED)));

            assertEquals(401, response.status());
            assertEquals(List.of(ALLOWED), response.headers().get("access-control-allow-origin"));
            assertEquals(0, invocations.get());
        }
    }

    @Test
    void anotherOriginsRequestIsAnsweredWithoutAnyCorsHeader() {
        try (LocalHttpApi api = api(ALLOWED)) {
            LocalHttpApi.Response response = api.handle(request("GET", "/things/t-1", Map.of("Origin", "http://localhost:5174",
                    "Authorization", "Bearer token")));

            assertEquals(200, response.status());
            assertTrue(response.headers().keySet().stream().noneMatch(name -> name.toLowerCase().startsWith("access-control-")),
                    response.headers().toString());
        }
    }

    @Test
    void withoutAllowedOriginsThereIsNoCorsAPreflightIsNoRouteAndTheFunctionsHeadersStay() {
        try (LocalHttpApi api = api("")) {
            LocalHttpApi.Response preflight = api.handle(request("OPTIONS", "/things", Map.of("Origin", ALLOWED,
                    "Access-Control-Request-Method", "POST")));
            LocalHttpApi.Response answer = api.handle(request("GET", "/things/t-1", Map.of("Origin", ALLOWED,
                    "Authorization", "Bearer token")));

            assertEquals(404, preflight.status());
            assertEquals("{\"message\":\"Not Found\"}", preflight.text());
            assertEquals(List.of("*"), answer.headers().get("Access-Control-Allow-Origin"));
            assertEquals(null, answer.headers().get("access-control-allow-origin"));
        }
    }

    /** The API of TEMPLATE with CorsAllowedOrigins {@code origins}, its function counting its invocations. */
    private LocalHttpApi api(String origins) {
        SamTemplate template = new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(TEMPLATE), "t.yaml"))
                .withParameterOverrides(Map.of("CorsAllowedOrigins", origins));
        LocalHttpApi api = new LocalHttpApi(template, FunctionCode.jars(root), headers -> {
            if (!headers.containsKey("authorization")) {
                throw new RequestAuthorizer.Unauthorized("no token");
            }
            return new RequestAuthorizer.Jwt(Map.of("sub", "c-ada"), List.of());
        }, List.of());
        api.serveElsewhere("Things", new FunctionInvoker() {
            @Override
            public byte[] invoke(byte[] eventJson, String requestId) {
                invocations.incrementAndGet();
                return ANSWER.getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public void close() {
            }
        });
        return api;
    }

    private static HttpApiEvents.Request request(String method, String path, Map<String, String> headers) {
        Map<String, List<String>> multi = new LinkedHashMap<>();
        headers.forEach((name, value) -> multi.put(name, List.of(value)));
        return new HttpApiEvents.Request(method, path, null, multi, new byte[0], "127.0.0.1", "HTTP/1.1", "127.0.0.1:3000");
    }
}
