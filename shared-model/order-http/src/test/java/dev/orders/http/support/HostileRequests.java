package dev.orders.http.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.lambda.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Malformed and hostile variations of a sample event: wrong types, huge numbers, unicode, key
 * delimiters, oversized and badly encoded bodies, missing context, other callers. Each must be answered
 * below 500, refusals as problem+json that echo no internals, and a refusal must write nothing.
 */
public final class HostileRequests {
    /** Values put in place of every body field, path parameter, query parameter and header. */
    private static final List<Object> HOSTILE_VALUES = List.of(
            "", " ", "c-ada#PROFILE", "ORDER#x", "../../etc", "%00", "\u0000", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ \u202E",
            "x".repeat(5000), -1, 0, Long.MAX_VALUE, "99999999999999999999999999", 1.5, 1e308, true,
            List.of(), List.of(1, "a"), Map.of(), Map.of("$ne", ""));
    /** The headers some handler reads; mutating the others (host, user-agent...) proves nothing. */
    private static final List<String> READ_HEADERS = List.of("if-match", "if-none-match", "idempotency-key",
            "webhook-signature", "content-type");
    private static final List<String> HOSTILE_BODIES = List.of("", "{", "[]", "null", "1", "\"text\"", "{\"a\":",
            "[".repeat(5000), "{\"x\":" + "9".repeat(2000) + "}");

    private HostileRequests() {
    }

    /** Every hostile variation of the sample {@code events/<sample>.json}, named for failure messages. */
    public static Map<String, Map<String, Object>> variants(String sample) {
        Map<String, Object> base = SampleEvents.json(sample);
        Map<String, Map<String, Object>> variants = new LinkedHashMap<>();
        variants.put("no request context", without(base, "requestContext"));
        variants.put("no authorizer", withContext(base, "authorizer", null));
        variants.put("empty claims", withContext(base, "authorizer", Map.of("jwt", Map.of("claims", Map.of()))));
        variants.put("another customer", withContext(base, "authorizer",
                Map.of("jwt", Map.of("claims", Map.of("sub", "c-eve"), "scopes", List.of()))));
        variants.put("no path parameters", without(base, "pathParameters"));
        variants.put("unknown route key", with(base, "routeKey", "GET /customers/{customerId}/secrets"));
        variants.put("oversized body", with(base, "body", "{\"a\":\"" + "x".repeat(70 * 1024) + "\"}"));
        variants.put("oversized body in UTF-8 bytes only", with(base, "body", "{\"a\":\"" + "€".repeat(22 * 1024) + "\"}"));
        variants.put("bad base64 body", with(with(base, "isBase64Encoded", true), "body", "!!not base64!!"));
        variants.put("base64 non-UTF-8 body", with(with(base, "isBase64Encoded", true), "body",
                Base64.getEncoder().encodeToString(new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF})));
        for (String body : HOSTILE_BODIES) {
            variants.put("body " + abbreviate(body), with(base, "body", body));
        }
        mutateEach(base, "pathParameters", name -> true, variants);
        mutateEach(base, "queryStringParameters", name -> true, variants);
        mutateEach(base, "headers", READ_HEADERS::contains, variants);
        if (base.get("body") instanceof String body && parse(body) instanceof Map<?, ?> fields) {
            for (Object field : fields.keySet()) {
                for (Object value : HOSTILE_VALUES) {
                    Map<String, Object> changed = new LinkedHashMap<>(castMap(fields));
                    changed.put((String) field, value);
                    variants.put("body." + field + " = " + abbreviate(String.valueOf(value)),
                            with(base, "body", Json.write(changed)));
                }
            }
        }
        return variants;
    }

    /** Sends every variation (after {@code prepare}, e.g. re-signing) and asserts the safety properties. */
    public static void assertRefusedSafely(Fixture fx, ApiFunction function, String sample,
                                           UnaryOperator<APIGatewayV2HTTPEvent> prepare) {
        for (Map.Entry<String, Map<String, Object>> variant : variants(sample).entrySet()) {
            String name = sample + ": " + variant.getKey();
            int before = fx.itemCount();
            Api.Reply reply = Api.invoke(function, prepare.apply(SampleEvents.fromJson(variant.getValue())));
            assertTrue(reply.status() < 500, name + " answered " + reply.status() + " " + reply.response().getBody());
            if (reply.status() >= 400) {
                assertTrue(reply.contentType().startsWith("application/problem+json"), name);
                String body = reply.response().getBody();
                assertFalse(body.contains("Exception") || body.contains("software.amazon") || body.contains("ORDER#")
                        || body.contains("CUSTOMER#"), name + " echoed internals: " + body);
                assertEquals(before, fx.itemCount(), name + " was refused but wrote");
            }
        }
    }

    public static void assertRefusedSafely(Fixture fx, ApiFunction function, String sample) {
        assertRefusedSafely(fx, function, sample, UnaryOperator.identity());
    }

    /** What may follow a request's JSON body: a second document, text, a stray bracket, a bare value. */
    private static final List<String> TRAILING_CONTENT = List.of(" {\"x\":1}", "xyz", "}", " null", "\n[]");

    /**
     * The sample's body with anything but whitespace after it (after {@code prepare}, e.g. re-signing) is
     * 400 problem+json, and nothing is written; with whitespace after it, it is no bad request.
     */
    public static void assertTrailingContentRefused(Fixture fx, ApiFunction function, String sample,
                                                    UnaryOperator<APIGatewayV2HTTPEvent> prepare) {
        String body = (String) SampleEvents.json(sample).get("body");
        for (String trailing : TRAILING_CONTENT) {
            int before = fx.itemCount();
            Api.Reply reply = Api.invoke(function, prepare.apply(Api.variant(sample, Map.of("body", body + trailing))));
            assertEquals(400, reply.status(), sample + " + " + trailing + ": " + reply.response().getBody());
            assertTrue(reply.contentType().startsWith("application/problem+json"), sample);
            assertEquals(before, fx.itemCount(), sample + " + " + trailing + " was refused but wrote");
        }
        Api.Reply spaced = Api.invoke(function, prepare.apply(Api.variant(sample, Map.of("body", body + " \n\t"))));
        assertNotEquals(400, spaced.status(), sample + " with whitespace after its body: " + spaced.response().getBody());
    }

    public static void assertTrailingContentRefused(Fixture fx, ApiFunction function, String sample) {
        assertTrailingContentRefused(fx, function, sample, UnaryOperator.identity());
    }

    private static void mutateEach(Map<String, Object> base, String part, Predicate<Object> keys,
                                   Map<String, Map<String, Object>> variants) {
        if (!(base.get(part) instanceof Map<?, ?> entries)) {
            return;
        }
        for (Object key : entries.keySet().stream().filter(keys).toList()) {
            for (Object value : HOSTILE_VALUES) {
                if (value instanceof String text) {
                    Map<String, Object> changed = new LinkedHashMap<>(castMap(entries));
                    changed.put((String) key, text);
                    variants.put(part + "." + key + " = " + abbreviate(text), with(base, part, changed));
                }
            }
        }
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(base);
        copy.put(key, value);
        return copy;
    }

    private static Map<String, Object> without(Map<String, Object> base, String key) {
        Map<String, Object> copy = new LinkedHashMap<>(base);
        copy.remove(key);
        return copy;
    }

    private static Map<String, Object> withContext(Map<String, Object> base, String key, Object value) {
        Map<String, Object> context = new LinkedHashMap<>(castMap((Map<?, ?>) base.get("requestContext")));
        context.put(key, value);
        return with(base, "requestContext", context);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    private static Object parse(String json) {
        try {
            return Json.parse(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 24 ? text.substring(0, 24) + "…(" + text.length() + ")" : text;
    }
}
