package dev.orders.http.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.order.Actors;
import dev.orders.core.order.Role;
import dev.orders.core.validation.ValidationException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP API (payload 2.0) request, read defensively: any part of the event may be missing in a
 * hand-made or hostile event, and a missing part reads as absent, never as a NullPointerException.
 */
public final class HttpRequest {
    /** Request bodies above this are refused before parsing (413). */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    private final APIGatewayV2HTTPEvent event;
    private final Map<String, String> pathParameters;
    private final Role role;
    /** Read from the claims on first use: the route's access and the actor both ask for it. */
    private Optional<Caller> caller;

    /** A request to a route whose admitted callers act in {@code role} (see {@link Access#role()}). */
    HttpRequest(APIGatewayV2HTTPEvent event, Map<String, String> pathParameters, Role role) {
        this.event = event;
        this.pathParameters = pathParameters;
        this.role = role;
    }

    public static String method(APIGatewayV2HTTPEvent event) {
        var context = event.getRequestContext();
        String method = context == null || context.getHttp() == null ? null : context.getHttp().getMethod();
        return method == null ? "" : method.toUpperCase(Locale.ROOT);
    }

    public String method() {
        return method(event);
    }

    public String pathParameter(String name) {
        String value = pathParameters.get(name);
        if (value == null) {
            throw new ValidationException(name, "is required in the path");
        }
        return value;
    }

    public Optional<String> query(String name) {
        Map<String, String> query = event.getQueryStringParameters();
        return Optional.ofNullable(query == null ? null : query.get(name)).filter(v -> !v.isEmpty());
    }

    /** Header names are case-insensitive; API Gateway lower-cases them, hand-made events may not. */
    public Optional<String> header(String name) {
        Map<String, String> headers = event.getHeaders();
        if (headers == null) {
            return Optional.empty();
        }
        for (Map.Entry<String, String> header : headers.entrySet()) {
            if (header.getKey() != null && header.getKey().equalsIgnoreCase(name)) {
                return Optional.ofNullable(header.getValue());
            }
        }
        return Optional.empty();
    }

    /** The body as text: base64 decoded if API Gateway encoded it, refused if too large or not UTF-8. */
    public Optional<String> body() {
        String body = event.getBody();
        if (body == null) {
            return Optional.empty();
        }
        if (!event.getIsBase64Encoded()) {
            // The limit is in bytes as sent (UTF-8); a char is at least one byte, so the length alone may refuse.
            if (body.length() > MAX_BODY_BYTES || body.getBytes(StandardCharsets.UTF_8).length > MAX_BODY_BYTES) {
                throw new PayloadTooLargeException();
            }
            return Optional.of(body);
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("body", "is marked base64 but is not valid base64");
        }
        if (bytes.length > MAX_BODY_BYTES) {
            throw new PayloadTooLargeException();
        }
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            throw new ValidationException("body", "is not UTF-8 text");
        }
    }

    public String requestId() {
        var context = event.getRequestContext();
        return context == null || context.getRequestId() == null ? "" : context.getRequestId();
    }

    /** JWT claims put in the request context by the HTTP API's authorizer (or the local runtime). */
    public Map<String, String> claims() {
        return jwt().map(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT::getClaims).orElse(Map.of());
    }

    /**
     * The scopes API Gateway's JWT authorizer admitted the token with ({@code jwt.scopes}): filled only on
     * a route that declares AuthorizationScopes, empty elsewhere.
     */
    List<String> admittedScopes() {
        return jwt().map(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT::getScopes).orElse(List.of());
    }

    private Optional<APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT> jwt() {
        var context = event.getRequestContext();
        return context == null || context.getAuthorizer() == null ? Optional.empty()
                : Optional.ofNullable(context.getAuthorizer().getJwt());
    }

    /** Who sent the request; empty when it carries no usable subject (see {@link Caller#of}). */
    Optional<Caller> caller() {
        if (caller == null) {
            caller = Caller.of(this);
        }
        return caller;
    }

    /** The role the caller acts in: the route's, never one the token claims on a route that does not grant it. */
    public Role role() {
        return role;
    }

    /** Who is acting, as recorded in the status history. */
    public String actor() {
        return caller().map(caller -> Actors.user(caller.subject())).orElse("api");
    }

    /** The body is larger than {@link #MAX_BODY_BYTES}. */
    public static final class PayloadTooLargeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PayloadTooLargeException() {
            super("request body exceeds " + MAX_BODY_BYTES + " bytes");
        }
    }
}
