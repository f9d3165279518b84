package dev.orders.http.request;

import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;
import dev.orders.http.api.HttpRequest;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version of the order a change is meant for ({@code version}; empty: the change applies to the order as
 * it is when it is made), from the body's {@code expectedVersion} or the {@code If-Match} header (the order's
 * ETag); both present must agree. {@code ifMatch} tells whether the header named it, since HTTP answers a
 * stale one by how it was named: a failed If-Match precondition is 412 (RFC 9110 section 13.1.1), a stale
 * expectedVersion of the body a 409 conflict.
 * <p>
 * If-Match is {@code *} (any current order: no version) or a list of entity tags compared strongly, as RFC 9110
 * requires: a weak tag ({@code W/"3"}) or one that is no version of ours never matches, so a list of only those
 * names {@link #NO_VERSION}, which fails at whatever version the order has.
 */
public record ExpectedVersion(Optional<Long> version, boolean ifMatch) {
    /** No order ever reaches it: the version of an If-Match none of whose tags can match. */
    public static final long NO_VERSION = Long.MAX_VALUE;
    /**
     * One entity tag (RFC 9110 section 8.8.3: optionally weak, quoted, no quote, space or control inside). Our tags
     * hold no comma, so a list is split at its commas: a foreign tag with one inside is refused as malformed.
     */
    private static final Pattern ENTITY_TAG = Pattern.compile("(W/)?\"([\\x21\\x23-\\x7E\\x80-\\xFF]*)\"");
    /** The tags this API answers: the order's version, quoted. */
    private static final Pattern VERSION = Pattern.compile("\\d{1,18}");

    /** From the If-Match header alone, for changes without a body. */
    public static ExpectedVersion of(HttpRequest request) {
        return of(request, Optional.empty());
    }

    public static ExpectedVersion of(HttpRequest request, Optional<JsonBody> body) {
        Optional<Long> fromBody = body.flatMap(json -> json.optionalLong("expectedVersion"));
        fromBody.ifPresent(version -> Check.range("expectedVersion", version, 1, Long.MAX_VALUE));
        Optional<String> header = request.header("if-match").map(String::trim);
        if (header.isEmpty() || header.get().equals("*")) {
            return new ExpectedVersion(fromBody, false);
        }
        Set<Long> tagged = strongVersions(header.get());
        if (tagged.isEmpty()) {
            // The precondition fails before anything else of the request is looked at (RFC 9110 section 13.2.1).
            return new ExpectedVersion(Optional.of(NO_VERSION), true);
        }
        if (fromBody.isPresent() && !tagged.contains(fromBody.get())) {
            throw new ValidationException("expectedVersion", "differs from the If-Match header");
        }
        if (fromBody.isEmpty() && tagged.size() > 1) {
            throw new ValidationException("If-Match", "names more than one version of the order; send the ETag you read");
        }
        return new ExpectedVersion(fromBody.or(() -> Optional.of(tagged.iterator().next())), true);
    }

    /** Whether the If-Match sent had no tag that can match (only weak or foreign ones). */
    public boolean namesNoVersion() {
        return version.filter(v -> v == NO_VERSION).isPresent();
    }

    /**
     * The versions the strong tags of an If-Match list name, its elements separated by commas (and empty ones
     * ignored, RFC 9110 section 5.6.1.2); a malformed list is refused.
     */
    private static Set<Long> strongVersions(String list) {
        Set<Long> versions = new TreeSet<>();
        Matcher tag = ENTITY_TAG.matcher(list);
        for (String element : list.split(",", -1)) {
            String trimmed = element.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (!tag.reset(trimmed).matches()) {
                throw new ValidationException("If-Match", "must be * or the ETag of the order, such as \"3\"");
            }
            if (tag.group(1) == null && VERSION.matcher(tag.group(2)).matches() && Long.parseLong(tag.group(2)) >= 1) {
                versions.add(Long.parseLong(tag.group(2)));
            }
        }
        if (list.replace(",", "").isBlank()) {
            throw new ValidationException("If-Match", "must be * or the ETag of the order, such as \"3\"");
        }
        return versions;
    }
}
