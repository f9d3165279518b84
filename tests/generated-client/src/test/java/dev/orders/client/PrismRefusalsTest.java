package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.local.e2e.LocalApi;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The refusals of a caller through prism's validating proxy ({@link PrismProxy}, --errors) in front of start-api: API
 * Gateway's own 401 and 403 ({"message": ...} as application/json) and the function's 401 (a problem) pass it. Prism
 * takes application/problem+json for application/json and checks either against the status's first JSON media type,
 * so docs/openapi.yaml lists application/json first, with a schema that takes both. (A request without a token
 * prism refuses itself, as the document's security requires one; a refused token is what reaches the gateway.)
 */
class PrismRefusalsTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theGatewaysAndTheFunctionsRefusalsOfACallerPassPrismsValidationOfTheDocument() throws Exception {
        try (LocalApi server = LocalApi.start(Map.of());
                PrismProxy prism = PrismProxy.inFrontOf(server.base(), TypeScriptWalkthroughTest.workdir())) {
            assertEquals("401 application/json {\"message\":\"Unauthorized\"}",
                    answer(prism, "/products/MUG-BLUE", "not.a.token"), "the gateway's refusal of a bad token");
            assertEquals("403 application/json {\"message\":\"Forbidden\"}",
                    answer(prism, "/orders", server.token("c-ada")), "the gateway's refusal of a token without the scope");
            assertEquals("401 application/problem+json {\"type\":\"urn:order-service:problem:unauthenticated\","
                    + "\"title\":\"Unauthenticated\",\"status\":401,\"detail\":\"A valid bearer token is required.\"}",
                    answer(prism, "/products/MUG-BLUE", server.token(" ")), "the function's refusal of a token without a usable sub");
            assertEquals(List.of(), prism.problems(), "prism's violations");
        }
    }

    /** "STATUS MEDIA-TYPE BODY" of a GET of {@code path} through prism with {@code token}. */
    private String answer(PrismProxy prism, String path, String token) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(prism.base() + path))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.headers().firstValue("content-type").orElse("-") + " " + response.body();
    }
}
