package dev.orders.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.local.api.GatewayAnswers;
import dev.orders.local.api.LocalHttpApi;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.routes.PathTemplate;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * API Gateway's own answers ({"message": ...} as application/json) on every route of template.yaml, as the
 * local HTTP API sends them (and 429 and 503, which it never sends, as API Gateway does), are what
 * docs/openapi.yaml declares for the route: 401 where the route has the JWT authorizer, 403 where it
 * requires scopes, 413, 429, 500 and 503 everywhere. And the document declares the gateway's 401 and 403
 * nowhere else.
 */
class GatewayAnswersContractTest {
    private static final OpenApiContract CONTRACT = OpenApiContract.ofRepository();
    private static final String GATEWAY_MEDIA_TYPE = "application/json";

    /** Every route of the template, named by its key (e.g. GET /orders/{orderId}). */
    static Stream<Named<SamTemplate.HttpRoute>> routes() {
        return SamTemplate.repository().functions().stream().flatMap(function -> function.routes().stream())
                .map(route -> Named.of(route.key(), route));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("routes")
    void everyAnswerTheGatewayMayGiveOnARouteIsOneTheDocumentDeclaresForIt(SamTemplate.HttpRoute route) {
        Map<String, LocalHttpApi.Response> answers = new LinkedHashMap<>();
        if (route.authorized()) {
            answers.put("401 without a token", GatewayAnswers.unauthorized(false));
            answers.put("401 for a refused token", GatewayAnswers.unauthorized(true));
        }
        if (!route.authorizationScopes().isEmpty()) {
            answers.put("403 without the route's scopes", GatewayAnswers.forbidden());
        }
        answers.put("413 above 10 MB", GatewayAnswers.payloadTooLarge());
        answers.put("429 throttled", awsMessage(429, "Too Many Requests"));
        answers.put("500 the function failed", GatewayAnswers.internalServerError());
        answers.put("503 the integration timed out", awsMessage(503, "Service Unavailable"));

        String rawPath = PathTemplate.of(route.path()).expand(name -> "x1");
        List<String> failures = new ArrayList<>();
        answers.forEach((name, answer) -> {
            List<String> mismatches = CONTRACT.mismatches(route.key(), rawPath, asApiGatewayResponse(answer));
            if (!mismatches.isEmpty()) {
                failures.add(name + " " + answer.text() + ":\n  - " + String.join("\n  - ", mismatches));
            }
        });
        if (!failures.isEmpty()) {
            fail(route.key() + ": the gateway's answers are not as docs/openapi.yaml declares them:\n"
                    + String.join("\n", failures));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("routes")
    void theDocumentDeclaresTheGatewaysRefusalsOfACallerOnlyWhereTheGatewayRefuses(SamTemplate.HttpRoute route) {
        assertEquals(route.authorized(), CONTRACT.mediaTypes(route.key(), 401).contains(GATEWAY_MEDIA_TYPE),
                "401 {\"message\":...} of " + route.key());
        assertEquals(!route.authorizationScopes().isEmpty(), CONTRACT.mediaTypes(route.key(), 403).contains(GATEWAY_MEDIA_TYPE),
                "403 {\"message\":...} of " + route.key());
    }

    /** An answer of API Gateway the local HTTP API never gives (it neither throttles nor times out). */
    private static LocalHttpApi.Response awsMessage(int status, String message) {
        return new LocalHttpApi.Response(status, Map.of("content-type", List.of(GATEWAY_MEDIA_TYPE)),
                ("{\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    private static APIGatewayV2HTTPResponse asApiGatewayResponse(LocalHttpApi.Response answer) {
        return APIGatewayV2HTTPResponse.builder().withStatusCode(answer.status())
                .withMultiValueHeaders(answer.headers()).withBody(answer.text()).build();
    }
}
