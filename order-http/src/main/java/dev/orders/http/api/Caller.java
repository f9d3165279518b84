package dev.orders.http.api;

import dev.orders.core.order.Actors;
import dev.orders.core.order.Role;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Who sent a request, from the JWT claims the HTTP API's authorizer (or the local runtime) verified:
 * {@code sub} is the customer id; the scope {@value #ADMIN_SCOPE} makes the caller an administrator.
 *
 * <p>Scopes are read from the token's {@code scope} and {@code scp} claims, never from
 * {@code requestContext.authorizer.jwt.scopes}: API Gateway fills that list only on routes that declare
 * authorization scopes.
 */
public record Caller(String subject, Set<String> scopes) {
    public static final String ADMIN_SCOPE = "orders:admin";
    private static final List<String> SCOPE_CLAIMS = List.of("scope", "scp");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern LIST_SEPARATORS = Pattern.compile("[\\s,]+");

    public Caller {
        scopes = Set.copyOf(scopes);
    }

    /** Empty when the request carries no usable subject: it is then unauthenticated. */
    public static Optional<Caller> of(HttpRequest request) {
        Map<String, String> claims = request.claims();
        String subject = claims.get("sub");
        if (subject == null || subject.isBlank() || subject.length() > Actors.MAX_SUBJECT_LENGTH) {
            return Optional.empty();
        }
        Set<String> scopes = new LinkedHashSet<>();
        SCOPE_CLAIMS.forEach(claim -> scopes.addAll(scopesOf(claims.get(claim))));
        return Optional.of(new Caller(subject, scopes));
    }

    /**
     * The scopes of one claim as it reaches a function: a string claim as it is, space-separated
     * ("a b"); an array claim flattened by API Gateway into "[a b]". The JSON text of an array
     * ("[\"a\",\"b\"]") and "[a, b]" are read too, so a scope name here holds no comma or quote.
     */
    private static List<String> scopesOf(String claim) {
        if (claim == null) {
            return List.of();
        }
        String text = claim.strip();
        if (text.length() < 2 || text.charAt(0) != '[' || text.charAt(text.length() - 1) != ']') {
            return SPACES.splitAsStream(text).filter(scope -> !scope.isEmpty()).toList();
        }
        return LIST_SEPARATORS.splitAsStream(text.substring(1, text.length() - 1))
                .map(scope -> scope.length() >= 2 && scope.startsWith("\"") && scope.endsWith("\"")
                        ? scope.substring(1, scope.length() - 1) : scope)
                .filter(scope -> !scope.isEmpty()).toList();
    }

    public boolean isAdmin() {
        return scopes.contains(ADMIN_SCOPE);
    }

    /** The role the caller acts in: an administrator's scope makes one, anyone else is a customer. */
    public Role role() {
        return isAdmin() ? Role.ADMINISTRATOR : Role.CUSTOMER;
    }

    /** A customer acts for themself only; an administrator for anyone. */
    public boolean mayActFor(String customerId) {
        return isAdmin() || subject.equals(customerId);
    }
}
