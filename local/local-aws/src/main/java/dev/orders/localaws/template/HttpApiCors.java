package dev.orders.localaws.template;

import static dev.orders.localaws.template.TemplateFields.asMap;
import static dev.orders.localaws.template.TemplateFields.number;
import static dev.orders.localaws.template.TemplateFields.strings;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An HTTP API's {@code CorsConfiguration} as the stack has it (parameters and conditions resolved): the
 * origins, methods and request headers API Gateway admits, the response headers it lets a page read, how long a
 * browser may keep a preflight's answer, and whether it admits credentials. {@code true} is SAM's shorthand
 * for every origin.
 */
public record HttpApiCors(List<String> allowOrigins, List<String> allowMethods, List<String> allowHeaders,
                          List<String> exposeHeaders, Optional<Integer> maxAge, boolean allowCredentials) {
    public HttpApiCors {
        allowOrigins = List.copyOf(allowOrigins);
        allowMethods = List.copyOf(allowMethods);
        allowHeaders = List.copyOf(allowHeaders);
        exposeHeaders = List.copyOf(exposeHeaders);
    }

    /**
     * The configuration {@code configured} (resolved as the stack resolves it) sets, found at {@code where}: none
     * for {@code false}, every origin for {@code true}.
     */
    static Optional<HttpApiCors> of(Object configured, String where) {
        if (Boolean.FALSE.equals(configured)) {
            return Optional.empty();
        }
        if (Boolean.TRUE.equals(configured)) {
            return Optional.of(new HttpApiCors(List.of("*"), List.of(), List.of(), List.of(), Optional.empty(), false));
        }
        Map<String, Object> cors = asMap(configured);
        return Optional.of(new HttpApiCors(strings(cors, "AllowOrigins", where), strings(cors, "AllowMethods", where),
                strings(cors, "AllowHeaders", where), strings(cors, "ExposeHeaders", where),
                Optional.ofNullable(cors.get("MaxAge")).map(age -> (int) number(age, where + ".MaxAge")),
                Boolean.TRUE.equals(cors.get("AllowCredentials"))));
    }
}
