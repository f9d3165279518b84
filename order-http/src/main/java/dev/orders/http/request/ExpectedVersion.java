package dev.orders.http.request;

import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;
import dev.orders.http.api.HttpRequest;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version of the order a change is meant for ({@code version}; empty: the change applies to the order as
 * it is when it is made), from the body's {@code expectedVersion} or the {@code If-Match} header (the order's
 * ETag); both present must agree. {@code ifMatch} tells whether the header named it, since HTTP answers a
 * stale one by how it was named: a failed If-Match precondition is 412 (RFC 9110 section 13.1.1), a stale
 * expectedVersion of the body a 409 conflict.
 */
public record ExpectedVersion(Optional<Long> version, boolean ifMatch) {
    /** An If-Match entity tag: "3" or W/"3". */
    private static final Pattern ENTITY_TAG = Pattern.compile("(?:W/)?\"(\\d{1,18})\"");

    /** From the If-Match header alone, for changes without a body. */
    public static ExpectedVersion of(HttpRequest request) {
        return of(request, Optional.empty());
    }

    public static ExpectedVersion of(HttpRequest request, Optional<JsonBody> body) {
        Optional<Long> fromBody = body.flatMap(json -> json.optionalLong("expectedVersion"));
        Optional<Long> fromHeader = request.header("if-match").map(String::trim).map(tag -> {
            Matcher matcher = ENTITY_TAG.matcher(tag);
            if (!matcher.matches()) {
                throw new ValidationException("If-Match", "must be the ETag of the order, such as \"3\"");
            }
            return Long.parseLong(matcher.group(1));
        });
        if (fromBody.isPresent() && fromHeader.isPresent() && !fromBody.equals(fromHeader)) {
            throw new ValidationException("expectedVersion", "differs from the If-Match header");
        }
        Optional<Long> expected = fromBody.or(() -> fromHeader);
        expected.ifPresent(version -> Check.range("expectedVersion", version, 1, Long.MAX_VALUE));
        return new ExpectedVersion(expected, fromHeader.isPresent());
    }
}
