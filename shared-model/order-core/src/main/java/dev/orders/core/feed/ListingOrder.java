package dev.orders.core.feed;

import dev.orders.core.validation.ValidationException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which end of a listing comes first: the newest entries (a feed's), or the oldest (a work queue's). */
public enum ListingOrder {
    NEWEST_FIRST("newest"),
    OLDEST_FIRST("oldest");

    private final String wireName;

    ListingOrder(String wireName) {
        this.wireName = wireName;
    }

    /** The value of the listing's {@code sort} parameter. */
    public String wireName() {
        return wireName;
    }

    public static ListingOrder parse(String field, String text) {
        return Arrays.stream(values()).filter(order -> order.wireName.equals(text)).findFirst()
                .orElseThrow(() -> new ValidationException(field, "must be one of " + Arrays.stream(values())
                        .map(ListingOrder::wireName).collect(Collectors.joining(", ")).toLowerCase(Locale.ROOT)));
    }
}
