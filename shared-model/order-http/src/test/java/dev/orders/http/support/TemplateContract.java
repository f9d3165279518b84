package dev.orders.http.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.Route;
import dev.orders.localaws.template.SamTemplate;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Checks a function against its resource in template.yaml: what is tested is what is deployed. */
public final class TemplateContract {
    private TemplateContract() {
    }

    /** The template declares exactly one function with this handler, and its routes are the function's routes. */
    public static void assertDeployedAsDeclared(ApiFunction function) {
        String handler = function.getClass().getName() + "::handleRequest";
        List<SamTemplate.Function> declared = SamTemplate.repository().functions().stream()
                .filter(f -> f.handler().equals(handler)).toList();
        assertEquals(1, declared.size(), "template functions with handler " + handler);
        Set<String> templateRoutes = declared.get(0).routes().stream().map(SamTemplate.HttpRoute::key)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> handledRoutes = function.router().routes().stream().map(Route::key)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(templateRoutes, handledRoutes, "routes of " + declared.get(0).logicalId());
    }
}
