package dev.orders.contract;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import dev.orders.localaws.RepositoryRoot;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * docs/openapi.yaml as the judge of a handler's response. Atlassian's validator checks the status, the
 * documented headers (present when required, values of their schema) and the body against its media
 * type's schema. It ignores headers the document does not name, so those are checked here as well: a
 * client can rely only on what the document promises. And a body is checked again as Stoplight Prism's
 * proxy reads it, which takes application/problem+json for application/json (see {@link #asPrismReads}).
 */
final class OpenApiContract {
    private final OpenApiInteractionValidator validator;
    private final OpenAPI document;

    private OpenApiContract(OpenApiInteractionValidator validator, OpenAPI document) {
        this.validator = validator;
        this.document = document;
    }

    static OpenApiContract ofRepository() {
        String url = RepositoryRoot.locate().resolve("docs/openapi.yaml").toUri().toString();
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        // The validator refuses properties a schema does not name (additionalProperties: false on every
        // object), which no allOf could pass: merged first, an allOf is one object naming all its properties.
        OpenApiInteractionValidator validator = OpenApiInteractionValidator.createForSpecificationUrl(url)
                .withResolveCombinators(true)
                .build();
        return new OpenApiContract(validator, new OpenAPIV3Parser().read(url, null, options));
    }

    /**
     * Every way {@code response} departs from the document, for the route {@code routeKey} (e.g.
     * {@code GET /orders/{orderId}}) requested at {@code rawPath}; empty when it matches.
     */
    List<String> mismatches(String routeKey, String rawPath, APIGatewayV2HTTPResponse response) {
        String method = routeKey.substring(0, routeKey.indexOf(' '));
        List<String> mismatches = new ArrayList<>();
        ValidationReport report = validator.validateResponse(rawPath, Request.Method.valueOf(method), simple(response));
        report.getMessages().forEach(message -> mismatches.add(describe(message)));
        contentType(response).flatMap(sent -> asPrismReads(routeKey, response.getStatusCode(), sent)
                .filter(read -> !read.equals(sent))).ifPresent(read -> validator
                .validateResponse(rawPath, Request.Method.valueOf(method), simple(response, read)).getMessages()
                .forEach(message -> mismatches.add("as Prism reads it, against " + read + ": " + describe(message))));
        documented(routeKey, response.getStatusCode()).ifPresent(documented -> {
            for (String name : headerNames(response)) {
                if (!documented.contains(name)) {
                    mismatches.add("ERROR undocumented header: '" + name + "' is sent with "
                            + response.getStatusCode() + " of " + routeKey + " but the document does not name it");
                }
            }
        });
        return mismatches;
    }

    /** The media types the document declares for one status of a route (e.g. application/json); empty if none. */
    Set<String> mediaTypes(String routeKey, int status) {
        return response(routeKey, status).map(ApiResponse::getContent).map(content -> Set.copyOf(content.keySet()))
                .orElse(Set.of());
    }

    /**
     * The media type whose schema Prism's proxy checks a body of {@code sent} against: the status's first that is
     * the same once a structured suffix is dropped (application/problem+json is application/json to it); empty
     * where the document declares none such.
     */
    private Optional<String> asPrismReads(String routeKey, int status, String sent) {
        String key = withoutSuffix(sent);
        return response(routeKey, status).map(ApiResponse::getContent).flatMap(content -> content.keySet().stream()
                .filter(declared -> withoutSuffix(declared).equals(key)).findFirst());
    }

    /** application/problem+json as application/json: the type and the last part of the subtype. */
    private static String withoutSuffix(String mediaType) {
        int slash = mediaType.indexOf('/');
        return mediaType.substring(0, slash + 1) + mediaType.substring(Math.max(mediaType.lastIndexOf('+'), slash) + 1);
    }

    /** The response's media type, lower case and without parameters. */
    private static Optional<String> contentType(APIGatewayV2HTTPResponse response) {
        return simple(response, null).getHeaderValue("content-type")
                .map(value -> value.split(";", 2)[0].strip().toLowerCase(Locale.ROOT));
    }

    private static String describe(ValidationReport.Message message) {
        return message.getLevel() + " " + message.getKey() + ": " + message.getMessage()
                + (message.getAdditionalInfo().isEmpty() ? "" : " " + message.getAdditionalInfo());
    }

    /** The headers the document names for one status of a route (lower case), with Content-Type; empty if undocumented. */
    private Optional<Set<String>> documented(String routeKey, int status) {
        return response(routeKey, status).map(documented -> {
            Set<String> names = new TreeSet<>(Set.of("content-type"));
            if (documented.getHeaders() != null) {
                documented.getHeaders().keySet().forEach(name -> names.add(name.toLowerCase(Locale.ROOT)));
            }
            return names;
        }); // an undocumented status: the validator reports it
    }

    private Optional<ApiResponse> response(String routeKey, int status) {
        String method = routeKey.substring(0, routeKey.indexOf(' '));
        PathItem path = document.getPaths().get(routeKey.substring(routeKey.indexOf(' ') + 1));
        Operation operation = path == null ? null
                : path.readOperationsMap().get(PathItem.HttpMethod.valueOf(method));
        return Optional.ofNullable(operation == null ? null : operation.getResponses().get(Integer.toString(status)));
    }

    private static Set<String> headerNames(APIGatewayV2HTTPResponse response) {
        Set<String> names = new TreeSet<>();
        if (response.getHeaders() != null) {
            response.getHeaders().keySet().forEach(name -> names.add(name.toLowerCase(Locale.ROOT)));
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().keySet().forEach(name -> names.add(name.toLowerCase(Locale.ROOT)));
        }
        return names;
    }

    private static SimpleResponse simple(APIGatewayV2HTTPResponse response) {
        return simple(response, null);
    }

    /**
     * The response as API Gateway passes it on to the client: status, headers, body (decoded if base64); with
     * {@code contentType} in place of its own unless that is null.
     */
    private static SimpleResponse simple(APIGatewayV2HTTPResponse response, String contentType) {
        SimpleResponse.Builder builder = SimpleResponse.Builder.status(response.getStatusCode());
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (response.getHeaders() != null) {
            response.getHeaders().forEach((name, value) -> headers.put(name, List.of(value)));
        }
        if (response.getMultiValueHeaders() != null) {
            headers.putAll(response.getMultiValueHeaders());
        }
        if (contentType != null) {
            headers.put("content-type", List.of(contentType));
        }
        headers.forEach(builder::withHeader);
        String body = response.getBody();
        if (body != null && response.getIsBase64Encoded()) {
            body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
        }
        if (body != null && !body.isEmpty()) {
            builder.withBody(body);
        }
        return builder.build();
    }
}
