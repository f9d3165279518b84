package dev.orders.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** One route of a function: method and path template (as in template.yaml), who may use it, what answers it. */
public record Route(String method, String path, Access access, Function<HttpRequest, APIGatewayV2HTTPResponse> action) {

    /** The API Gateway route key, e.g. {@code POST /customers/{customerId}/orders}. */
    public String key() {
        return method + " " + path;
    }

    /** The action's answer, or the refusal of a caller the route's access does not admit. */
    APIGatewayV2HTTPResponse answer(HttpRequest request) {
        return access.refusal(request).orElseGet(() -> action.apply(request));
    }

    /** The path parameters if {@code rawPath} matches this template, each URL-decoded. */
    Optional<Map<String, String>> match(String rawPath) {
        String[] template = path.split("/", -1);
        String[] actual = rawPath.split("/", -1);
        if (template.length != actual.length) {
            return Optional.empty();
        }
        Map<String, String> parameters = new HashMap<>();
        for (int i = 0; i < template.length; i++) {
            String part = template[i];
            if (part.startsWith("{") && part.endsWith("}")) {
                if (actual[i].isEmpty()) {
                    return Optional.empty();
                }
                try {
                    parameters.put(part.substring(1, part.length() - 1),
                            URLDecoder.decode(actual[i], StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            } else if (!part.equals(actual[i])) {
                return Optional.empty();
            }
        }
        return Optional.of(parameters);
    }
}
