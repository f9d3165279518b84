package dev.orders.http.api.violation;

import dev.orders.http.view.Views;

/** A deliberate violation for ArchitectureRulesViolationTest: the HTTP API using the views. */
public final class ApiRenderingAView {
    public String render(Views views) {
        return views.toString();
    }
}
