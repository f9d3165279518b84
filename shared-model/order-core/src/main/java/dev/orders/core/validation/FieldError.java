package dev.orders.core.validation;

/** One rejected input field: its name as the client sent it and why it was rejected. */
public record FieldError(String field, String message) {
}
