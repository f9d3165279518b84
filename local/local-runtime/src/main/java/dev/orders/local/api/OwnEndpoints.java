package dev.orders.local.api;

import java.util.List;
import java.util.Optional;

/**
 * What the local HTTP API answers itself, before the template's routes: sam-local's issuer
 * ({@link IssuerEndpoints}), the console ({@link ConsoleFiles}). API Gateway has neither, so the API refuses
 * to start if a route of the template takes one of their paths, rather than hide that route.
 */
public interface OwnEndpoints {
    /** A method and path one of the endpoints answers. */
    record Endpoint(String method, String path) {
    }

    /** A request to each endpoint (one file of a tree of files stands for the tree), checked against the routes. */
    List<Endpoint> endpoints();

    /** Who answers there, as a route's refusal names it: "the template's route ... takes PATH, where ...". */
    String answeredThere();

    /** The answer to {@code request}, or none if its path is not one of these endpoints'. */
    Optional<LocalHttpApi.Response> answer(HttpApiEvents.Request request);
}
