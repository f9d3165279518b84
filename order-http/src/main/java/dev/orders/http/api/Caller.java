package dev.orders.http.api;

import dev.orders.core.order.Role;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Who sent a request, from the JWT claims the HTTP API's authorizer (or the local runtime) verified:
 * {@code sub} is the customer id; the scope {@value #ADMIN_SCOPE} makes the caller an administrator.
 */
public record Caller(String subject, Set<String> scopes) {
    public static final String ADMIN_SCOPE = "orders:admin";
    private static final int MAX_SUBJECT_LENGTH = 256;

    public Caller {
        scopes = Set.copyOf(scopes);
    }

    /** Empty when the request carries no usable subject: it is then unauthenticated. */
    public static Optional<Caller> of(HttpRequest request) {
        String subject = request.claims().get("sub");
        if (subject == null || subject.isBlank() || subject.length() > MAX_SUBJECT_LENGTH) {
            return Optional.empty();
        }
        // API Gateway lists scopes in jwt.scopes and also passes the space-separated "scope" claim.
        Set<String> scopes = new LinkedHashSet<>(request.scopes());
        String scopeClaim = request.claims().get("scope");
        if (scopeClaim != null) {
            for (String scope : scopeClaim.trim().split("\\s+")) {
                if (!scope.isEmpty()) {
                    scopes.add(scope);
                }
            }
        }
        return Optional.of(new Caller(subject, scopes));
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
