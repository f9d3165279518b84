package dev.orders.core.order;

/**
 * What a reader of an order is shown of the staff's work. Administrators see everything. A customer sees
 * that an issue was resolved, not its note, and reads every actor other than itself and the payment
 * provider as {@value #STAFF}: who on the staff did what, and their notes, are the shop's own.
 */
public record Disclosure(boolean toStaff) {
    /** How a customer reads a staff member's actor. */
    public static final String STAFF = "staff";

    /** The disclosure to a caller in {@code role}. */
    public static Disclosure to(Role role) {
        return new Disclosure(role == Role.ADMINISTRATOR);
    }

    /** {@code by}, an actor of a change of {@code customerId}'s order, as this reader sees it. */
    public String actor(String by, String customerId) {
        boolean staffMember = Actors.isUser(by) && !by.equals(Actors.user(customerId));
        return toStaff || !staffMember ? by : STAFF;
    }

    /** Whether this reader sees the staff's notes on payment issues. */
    public boolean showsNotes() {
        return toStaff;
    }
}
