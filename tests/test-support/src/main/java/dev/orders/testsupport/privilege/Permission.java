package dev.orders.testsupport.privilege;

import java.util.Comparator;

/**
 * An IAM action on a resource, the resource written as template.yaml writes it: {@code ${OrdersTable.Arn}},
 * {@code ${OrdersTable.Arn}/index/StatusFeed}, {@code ${CursorSecret}}, or an ARN with {@code ${...}} parts.
 * A grant's action and resource may hold IAM's wildcards ({@code *}, {@code ?}).
 */
public record Permission(String action, String resource) implements Comparable<Permission> {
    private static final Comparator<Permission> ORDER =
            Comparator.comparing(Permission::action).thenComparing(Permission::resource);

    /** Whether this grant, read as IAM reads a policy statement, allows {@code needed}. */
    public boolean allows(Permission needed) {
        // IAM compares action names case-insensitively, resources (ARNs) as written.
        return Wildcards.matches(action.toLowerCase(java.util.Locale.ROOT), needed.action.toLowerCase(java.util.Locale.ROOT))
                && Wildcards.matches(resource, needed.resource);
    }

    @Override
    public int compareTo(Permission other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return action + " on " + resource;
    }
}
