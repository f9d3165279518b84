package dev.orders.core.customer;

import java.time.Instant;

/** A customer profile. */
public record Customer(String customerId, String name, String email, Instant createdAt, Instant updatedAt) {
}
