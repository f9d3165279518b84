package dev.orders.http.request;

import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.ListingOrder;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.time.Timestamps;
import dev.orders.core.validation.ValidationException;
import dev.orders.http.api.HttpRequest;
import java.time.Instant;
import java.util.Optional;

/** The query parameters of the listing routes: limit, cursor, from, to, status, sort. */
public final class QueryParameters {
    private QueryParameters() {
    }

    public static int limit(HttpRequest request) {
        Optional<String> text = request.query("limit");
        if (text.isEmpty()) {
            return FeedRequest.DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(text.get());
            if (limit >= 1 && limit <= FeedRequest.MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ValidationException("limit", "must be a whole number from 1 to " + FeedRequest.MAX_LIMIT);
    }

    public static FeedRequest feed(HttpRequest request) {
        return new FeedRequest(limit(request), instant(request, "from"), instant(request, "to"), request.query("cursor"));
    }

    /** Which end of the listing comes first: {@code sort=newest} (the default) or {@code sort=oldest}. */
    public static ListingOrder sort(HttpRequest request) {
        return request.query("sort").map(text -> ListingOrder.parse("sort", text)).orElse(ListingOrder.NEWEST_FIRST);
    }

    public static Optional<OrderStatus> status(HttpRequest request) {
        return request.query("status").map(text -> OrderStatus.parse("status", text));
    }

    private static Optional<Instant> instant(HttpRequest request, String name) {
        return request.query(name).map(text -> {
            try {
                return Timestamps.parse(text);
            } catch (IllegalArgumentException e) {
                throw new ValidationException(name, "must be an ISO-8601 UTC timestamp such as 2026-01-31T00:00:00Z");
            }
        });
    }
}
