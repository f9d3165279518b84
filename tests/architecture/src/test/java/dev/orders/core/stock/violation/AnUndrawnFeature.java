package dev.orders.core.stock.violation;

/** A deliberate violation for ArchitectureRulesViolationTest: a feature package of the core its graph does not draw. */
public final class AnUndrawnFeature {
}
