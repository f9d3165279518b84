package dev.orders.core.order;

import com.github.f4b6a3.ulid.UlidFactory;
import dev.orders.core.validation.Check;
import java.util.regex.Pattern;

/**
 * Ids of the model. Order and item ids are validated against {@link Check#SAFE_ID}, customer ids against
 * {@link #CUSTOMER_ID}; neither alphabet has the key delimiter '#'. New order and item ids are monotonic
 * ULIDs: time-sortable, and in creation order within a millisecond.
 */
public final class Ids {
    /**
     * A customer id is the token's {@code sub}, so it takes the subjects identity providers issue: Auth0's
     * "auth0|5f7c…" and "google-oauth2|…", Cognito and Keycloak UUIDs, Entra's base64url, Apple's
     * "000123.abc….0456", e-mail-like "x+y@example.com". Never '#' (keys), '/' or '%' (paths).
     */
    public static final Pattern CUSTOMER_ID = Pattern.compile("[A-Za-z0-9_.@:|+-]{1,128}");
    private static final UlidFactory ULIDS = UlidFactory.newMonotonicInstance();

    private Ids() {
    }

    public static String newOrderId() {
        return ULIDS.create().toString();
    }

    public static String newItemId() {
        return ULIDS.create().toString();
    }

    public static String customerId(String value) {
        return Check.matching("customerId", value, CUSTOMER_ID,
                "must be 1 to 128 characters of A-Z, a-z, 0-9, '_', '.', '@', ':', '|', '+' or '-'");
    }

    public static String orderId(String value) {
        return Check.safeId("orderId", value);
    }

    public static String itemId(String value) {
        return Check.safeId("itemId", value);
    }
}
