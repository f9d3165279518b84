package dev.orders.contract;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which properties the responses of the handlers held, per object schema of docs/openapi.yaml, so that a
 * schema's {@code required} can be checked against them both ways: a required property absent from a
 * response, and a property present in every response but not required (a client would null-check it for
 * nothing), are mismatches, and so is a property no response held (whether it is always there is then
 * unknown). A schema is tallied wherever a response holds it: named by its component (an {@code allOf}
 * part by its own, so a composition's parts are checked each on every instance of the composition),
 * an inline one by where it is; a {@code oneOf} is followed to the variant its discriminator names.
 */
final class PropertyPresence {
    private static final String SCHEMAS = "#/components/schemas/";
    private static final String RESPONSES = "#/components/responses/";

    private final JsonNode document;
    private final ObjectMapper json = new ObjectMapper();
    /** Per schema (by name), the schema and what its instances held. */
    private final Map<String, Tally> tallies = new TreeMap<>();
    private int responses;

    private PropertyPresence(JsonNode document) {
        this.document = document;
    }

    static PropertyPresence ofRepository() {
        try {
            return new PropertyPresence(new ObjectMapper(new YAMLFactory())
                    .readTree(RepositoryRoot.locate().resolve("docs/openapi.yaml").toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Tallies the body of {@code response} to the route {@code routeKey} (e.g. {@code GET /orders/{orderId}})
     * against the schema the document declares for its status and media type; a response without a body, or
     * one the document does not declare, tallies nothing (the validator reports the latter).
     */
    void record(String routeKey, APIGatewayV2HTTPResponse response) {
        String body = response.getBody();
        String contentType = header(response, "content-type");
        if (body == null || body.isEmpty() || contentType == null) {
            return;
        }
        if (response.getIsBase64Encoded()) {
            body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
        }
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        String method = routeKey.substring(0, routeKey.indexOf(' ')).toLowerCase(Locale.ROOT);
        String path = routeKey.substring(routeKey.indexOf(' ') + 1);
        JsonNode declared = resolve(document.path("paths").path(path).path(method).path("responses")
                .path(Integer.toString(response.getStatusCode())));
        JsonNode schema = declared.path("content").path(mediaType).path("schema");
        if (schema.isMissingNode()) {
            return;
        }
        JsonNode value;
        try {
            value = json.readTree(body);
        } catch (IOException e) {
            return; // not JSON: the validator reports it
        }
        responses++;
        walk(value, schema, routeKey + " " + response.getStatusCode() + " " + mediaType);
    }

    /** How many responses were tallied. */
    int responses() {
        return responses;
    }

    /** Every schema whose {@code required} is not exactly what its instances always held, and what was never seen. */
    List<String> mismatches() {
        List<String> mismatches = new ArrayList<>();
        tallies.forEach((name, tally) -> {
            Set<String> required = new LinkedHashSet<>();
            tally.schema.path("required").forEach(property -> required.add(property.asText()));
            for (Iterator<String> names = tally.schema.path("properties").fieldNames(); names.hasNext(); ) {
                String property = names.next();
                int present = tally.present.getOrDefault(property, 0);
                if (required.contains(property) && present < tally.instances) {
                    mismatches.add(name + "." + property + " is required but absent from " + (tally.instances - present)
                            + " of " + tally.instances + " instances");
                } else if (!required.contains(property) && present == tally.instances) {
                    mismatches.add(name + "." + property + " is in every one of " + tally.instances
                            + " instances but not required");
                } else if (present == 0) {
                    mismatches.add(name + "." + property + " is in none of " + tally.instances
                            + " instances: no response shows when it is there");
                }
            }
        });
        return mismatches;
    }

    private void walk(JsonNode value, JsonNode schema, String name) {
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            walk(value, resolve(schema), ref.substring(ref.lastIndexOf('/') + 1));
            return;
        }
        JsonNode allOf = schema.path("allOf");
        for (int i = 0; i < allOf.size(); i++) {
            walk(value, allOf.get(i), name + "/allOf/" + i);
        }
        if (schema.has("oneOf") || schema.has("anyOf")) {
            JsonNode discriminator = schema.path("discriminator");
            String tag = value.path(discriminator.path("propertyName").asText()).asText();
            JsonNode variant = discriminator.path("mapping").path(tag);
            if (variant.isMissingNode()) {
                throw new IllegalStateException(name + ": no discriminator mapping names the variant of " + value);
            }
            walk(value, json.createObjectNode().put("$ref", variant.asText()), name);
        }
        JsonNode properties = schema.path("properties");
        if (value.isObject() && !properties.isEmpty()) {
            Tally tally = tallies.computeIfAbsent(name, key -> new Tally(schema));
            tally.instances++;
            for (Iterator<Map.Entry<String, JsonNode>> fields = value.properties().iterator(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode property = properties.path(field.getKey());
                if (!property.isMissingNode()) {
                    tally.present.merge(field.getKey(), 1, Integer::sum);
                    walk(field.getValue(), property, name + "." + field.getKey());
                }
            }
        }
        if (value.isArray() && schema.has("items")) {
            value.forEach(element -> walk(element, schema.get("items"), name + "[]"));
        }
    }

    /** The node a local {@code $ref} (a schema or a response) names, or the node itself. */
    private JsonNode resolve(JsonNode node) {
        String ref = node.path("$ref").asText(null);
        if (ref == null) {
            return node;
        }
        if (ref.startsWith(SCHEMAS)) {
            return document.path("components").path("schemas").path(ref.substring(SCHEMAS.length()));
        }
        if (ref.startsWith(RESPONSES)) {
            return document.path("components").path("responses").path(ref.substring(RESPONSES.length()));
        }
        throw new IllegalArgumentException("a $ref outside the document's components: " + ref);
    }

    private static String header(APIGatewayV2HTTPResponse response, String name) {
        if (response.getHeaders() != null) {
            for (Map.Entry<String, String> header : response.getHeaders().entrySet()) {
                if (header.getKey().equalsIgnoreCase(name)) {
                    return header.getValue();
                }
            }
        }
        return null;
    }

    /** The instances of one schema seen, and in how many each property was present. */
    private static final class Tally {
        private final JsonNode schema;
        private final Map<String, Integer> present = new HashMap<>();
        private int instances;

        private Tally(JsonNode schema) {
            this.schema = schema;
        }
    }
}
