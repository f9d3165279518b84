package dev.orders.http.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent.RequestContext;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.lambda.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HTTP API (payload 2.0) events and responses to and from JSON with the functions' own {@link Json},
 * so a function is a stream handler and the Lambda runtime's reflective POJO serializer (about 900
 * classes, the largest part of a cold start) never loads. Reads what the runtime's serializer reads
 * for an HTTP API with a JWT or Lambda authorizer; IAM authorizer details are not read.
 */
public final class HttpApiCodec {
    private HttpApiCodec() {
    }

    /** An event that is not an HTTP API event: not a JSON object, or a part of the wrong type. */
    public static final class InvalidEventException extends RuntimeException {
        InvalidEventException(String message) {
            super(message);
        }
    }

    public static APIGatewayV2HTTPEvent readEvent(InputStream json) {
        Object parsed;
        try {
            parsed = Json.parse(json);
        } catch (IOException e) {
            throw new InvalidEventException("the event is not JSON");
        }
        Map<String, Object> event = object(parsed, "event");
        if (event == null) {
            throw new InvalidEventException("the event is empty");
        }
        return APIGatewayV2HTTPEvent.builder()
                .withVersion(string(event, "version"))
                .withRouteKey(string(event, "routeKey"))
                .withRawPath(string(event, "rawPath"))
                .withRawQueryString(string(event, "rawQueryString"))
                .withCookies(strings(event, "cookies"))
                .withHeaders(stringMap(event, "headers"))
                .withQueryStringParameters(stringMap(event, "queryStringParameters"))
                .withPathParameters(stringMap(event, "pathParameters"))
                .withStageVariables(stringMap(event, "stageVariables"))
                .withBody(string(event, "body"))
                .withIsBase64Encoded(Boolean.TRUE.equals(event.get("isBase64Encoded")))
                .withRequestContext(requestContext(object(event.get("requestContext"), "requestContext")))
                .build();
    }

    public static void writeResponse(APIGatewayV2HTTPResponse response, OutputStream out) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("statusCode", response.getStatusCode());
        putIfPresent(json, "headers", response.getHeaders());
        putIfPresent(json, "multiValueHeaders", response.getMultiValueHeaders());
        putIfPresent(json, "cookies", response.getCookies());
        putIfPresent(json, "body", response.getBody());
        json.put("isBase64Encoded", response.getIsBase64Encoded());
        Json.write(json, out);
    }

    private static RequestContext requestContext(Map<String, Object> context) {
        if (context == null) {
            return null;
        }
        Map<String, Object> http = object(context.get("http"), "requestContext.http");
        Map<String, Object> authorizer = object(context.get("authorizer"), "requestContext.authorizer");
        Object epoch = context.get("timeEpoch");
        return RequestContext.builder()
                .withRouteKey(string(context, "routeKey"))
                .withAccountId(string(context, "accountId"))
                .withStage(string(context, "stage"))
                .withApiId(string(context, "apiId"))
                .withDomainName(string(context, "domainName"))
                .withDomainPrefix(string(context, "domainPrefix"))
                .withTime(string(context, "time"))
                .withTimeEpoch(epoch instanceof Number number ? number.longValue() : 0)
                .withRequestId(string(context, "requestId"))
                .withHttp(http == null ? null : RequestContext.Http.builder()
                        .withMethod(string(http, "method"))
                        .withPath(string(http, "path"))
                        .withProtocol(string(http, "protocol"))
                        .withSourceIp(string(http, "sourceIp"))
                        .withUserAgent(string(http, "userAgent"))
                        .build())
                .withAuthorizer(authorizer == null ? null : RequestContext.Authorizer.builder()
                        .withJwt(jwt(object(authorizer.get("jwt"), "requestContext.authorizer.jwt")))
                        .withLambda(object(authorizer.get("lambda"), "requestContext.authorizer.lambda"))
                        .build())
                .build();
    }

    private static RequestContext.Authorizer.JWT jwt(Map<String, Object> jwt) {
        return jwt == null ? null : RequestContext.Authorizer.JWT.builder()
                .withClaims(stringMap(jwt, "claims"))
                .withScopes(strings(jwt, "scopes"))
                .build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value, String name) {
        if (value == null || value instanceof Map) {
            return (Map<String, Object>) value;
        }
        throw new InvalidEventException(name + " is not an object");
    }

    private static String string(Map<String, Object> json, String name) {
        return scalar(json.get(name), name);
    }

    /** As the runtime's serializer: a number or boolean where text is expected reads as its text. */
    private static String scalar(Object value, String name) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        throw new InvalidEventException(name + " is not text");
    }

    private static Map<String, String> stringMap(Map<String, Object> json, String name) {
        Map<String, Object> object = object(json.get(name), name);
        if (object == null) {
            return null;
        }
        Map<String, String> strings = new HashMap<>();
        object.forEach((key, value) -> strings.put(key, scalar(value, name + "." + key)));
        return strings;
    }

    private static List<String> strings(Map<String, Object> json, String name) {
        Object value = json.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list)) {
            throw new InvalidEventException(name + " is not a list");
        }
        List<String> strings = new ArrayList<>(list.size());
        list.forEach(item -> strings.add(scalar(item, name + "[]")));
        return strings;
    }

    private static void putIfPresent(Map<String, Object> json, String name, Object value) {
        if (value != null) {
            json.put(name, value);
        }
    }
}
