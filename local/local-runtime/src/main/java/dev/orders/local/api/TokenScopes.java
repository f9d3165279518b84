package dev.orders.local.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A token's scopes as API Gateway's JWT authorizer reads them to check a route's AuthorizationScopes: the
 * claims {@code scope} and {@code scp} ("scope or scp: the token must include at least one of the scopes in
 * the route's authorizationScopes", docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html),
 * each a string of scopes separated by spaces (OAuth 2.0's {@code scope}, RFC 6749 section 3.3) or an array
 * whose every string element is one scope, taken whole. No other syntax is read: {@code "[x,orders:admin]"}
 * is the one scope "[x,orders:admin]", and {@code ["x orders:admin"]} the one scope "x orders:admin", so
 * neither is admitted to a route declaring {@code orders:admin}, as in AWS. The local runtime's one reading
 * of scopes; the functions read none (they get the admitted list, {@code jwt.scopes}).
 */
public final class TokenScopes {
    private static final List<String> CLAIMS = List.of("scope", "scp");
    private static final Pattern SPACES = Pattern.compile(" +");

    private TokenScopes() {
    }

    /** The scopes of {@code claims}, the token's claims as JSON values (text, arrays as lists), in order. */
    public static List<String> of(Map<String, ?> claims) {
        List<String> scopes = new ArrayList<>();
        for (String name : CLAIMS) {
            Object claim = claims.get(name);
            if (claim instanceof String text) {
                SPACES.splitAsStream(text).filter(scope -> !scope.isEmpty()).forEach(scopes::add);
            } else if (claim instanceof Collection<?> array) {
                array.stream().filter(String.class::isInstance).map(String.class::cast).forEach(scopes::add);
            }
        }
        return scopes;
    }
}
