package dev.orders.core.customer;

import dev.orders.core.order.Ids;
import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;
import java.util.regex.Pattern;

/** The client-editable part of a profile, validated. */
public record CustomerDetails(String customerId, String name, String email) {
    public static final int MAX_NAME_LENGTH = 200;
    /** RFC 5321 limits an address to 254 characters; the shape check is deliberately simple. */
    public static final int MAX_EMAIL_LENGTH = 254;
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    public CustomerDetails {
        customerId = Ids.customerId(customerId);
        name = Check.text("name", name, MAX_NAME_LENGTH);
        email = Check.text("email", email, MAX_EMAIL_LENGTH);
        if (!EMAIL.matcher(email).matches()) {
            throw new ValidationException("email", "must be an e-mail address");
        }
    }
}
