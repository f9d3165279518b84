package dev.orders.http.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.routes.PathTemplate;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** One route of a function: method and path template (as in template.yaml), who may use it, what answers it. */
public record Route(String method, String path, Access access, Function<HttpRequest, APIGatewayV2HTTPResponse> action) {

    /** The API Gateway route key, e.g. {@code POST /customers/{customerId}/orders}. */
    public String key() {
        return method + " " + path;
    }

    /** The action's answer to {@code event}, or the refusal of a caller the route's access does not admit. */
    APIGatewayV2HTTPResponse answer(APIGatewayV2HTTPEvent event, Map<String, String> pathParameters) {
        HttpRequest request = new HttpRequest(event, pathParameters, access.role());
        return access.refusal(request).orElseGet(() -> action.apply(request));
    }

    /** The path parameters if {@code rawPath} matches this route's path, as API Gateway matches it. */
    Optional<Map<String, String>> match(String rawPath) {
        return PathTemplate.of(path).match(rawPath);
    }
}
