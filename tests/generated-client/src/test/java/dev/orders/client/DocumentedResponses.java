package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.routes.PathTemplate;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Map;

/**
 * The responses docs/openapi.yaml declares for each operation, as the generated client's response
 * interceptor: a status the document does not declare for the request's operation, or a media type it does
 * not declare for that status, fails the call. The generated client alone would take any 2xx as its
 * success type and any other status as an error, whatever the document says.
 */
final class DocumentedResponses {
    private final OpenAPI document;

    private DocumentedResponses(OpenAPI document) {
        this.document = document;
    }

    static DocumentedResponses ofRepository() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        String url = RepositoryRoot.locate().resolve("docs/openapi.yaml").toUri().toString();
        return new DocumentedResponses(new OpenAPIV3Parser().read(url, null, options));
    }

    /** Fails unless {@code response}'s status and Content-Type are declared for the operation of its request. */
    void check(HttpResponse<?> response) {
        String method = response.request().method();
        String path = response.request().uri().getRawPath();
        Operation operation = operation(method, path);
        String status = Integer.toString(response.statusCode());
        ApiResponse declared = operation.getResponses().get(status);
        if (declared == null) {
            fail(method + " " + path + " (" + operation.getOperationId() + ") was answered " + status
                    + ", which docs/openapi.yaml does not declare for it: " + operation.getResponses().keySet());
        }
        response.headers().firstValue("content-type").ifPresent(contentType -> {
            String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
            assertTrue(declared.getContent() != null && declared.getContent().containsKey(mediaType),
                    () -> method + " " + path + " (" + operation.getOperationId() + ") was answered " + status + " as "
                            + mediaType + ", which docs/openapi.yaml does not declare for it: "
                            + (declared.getContent() == null ? "no body" : declared.getContent().keySet()));
        });
    }

    /** The id of the operation a request of {@code method} on {@code rawPath} is one of. */
    String operationId(String method, String rawPath) {
        return operation(method, rawPath).getOperationId();
    }

    private Operation operation(String method, String rawPath) {
        for (Map.Entry<String, PathItem> path : document.getPaths().entrySet()) {
            if (PathTemplate.of(path.getKey()).match(rawPath).isPresent()) {
                Operation operation = path.getValue().readOperationsMap().get(PathItem.HttpMethod.valueOf(method));
                if (operation != null) {
                    return operation;
                }
            }
        }
        throw new AssertionError(method + " " + rawPath + " is no operation of docs/openapi.yaml");
    }
}
