package dev.orders.local.api;

import dev.orders.local.api.LocalHttpApi.Response;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answers API Gateway gives an HTTP API's client itself, never a function's: {@code {"message": ...}}
 * as application/json. docs/openapi.yaml declares each where it can occur (api-contract checks these).
 */
public final class GatewayAnswers {
    private GatewayAnswers() {
    }

    /** No route for the method and path. */
    public static Response notFound() {
        return message(404, "Not Found");
    }

    /** A body above the payload limit of 10 MB. */
    public static Response payloadTooLarge() {
        return message(413, "Request Entity Too Large");
    }

    /** The JWT authorizer's refusal: the scheme to use, and whether the token given was refused (RFC 6750). */
    public static Response unauthorized(boolean tokenGiven) {
        Response response = message(401, "Unauthorized");
        Map<String, List<String>> headers = new LinkedHashMap<>(response.headers());
        headers.put("www-authenticate", List.of(tokenGiven ? "Bearer error=\"invalid_token\"" : "Bearer"));
        return new Response(401, headers, response.body());
    }

    /** A token without any of the route's AuthorizationScopes. */
    public static Response forbidden() {
        return message(403, "Forbidden");
    }

    /** The function failed without an answer. */
    public static Response internalServerError() {
        return message(500, "Internal Server Error");
    }

    private static Response message(int status, String message) {
        return new Response(status, Map.of("content-type", List.of("application/json")),
                ("{\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8));
    }
}
