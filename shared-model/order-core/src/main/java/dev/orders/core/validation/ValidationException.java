package dev.orders.core.validation;

import java.util.List;
import java.util.stream.Collectors;

/** Input that the service refuses before it writes anything; handlers answer it with HTTP 400. */
public class ValidationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<FieldError> errors;

    public ValidationException(List<FieldError> errors) {
        super(errors.stream().map(e -> e.field() + ": " + e.message()).collect(Collectors.joining("; ")));
        this.errors = List.copyOf(errors);
    }

    public ValidationException(String field, String message) {
        this(List.of(new FieldError(field, message)));
    }

    public List<FieldError> errors() {
        return errors;
    }
}
