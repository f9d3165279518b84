package dev.orders.dynamodb.table;

import dev.orders.application.port.StoreFault;
import dev.orders.application.port.StoreFaults;
import dev.orders.application.port.WriteConflictException;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * DynamoDB's failures as {@link StoreFault}s. The SDK has already retried, within its bounds, by then.
 * Throttled, or a transaction cancelled by throttling or conflicting transactions, is BUSY (nothing
 * written); a 5xx is UNAVAILABLE and an attempt without answer UNREACHABLE (a write may have been
 * applied); any other refusal is a fault of this code.
 */
public final class DynamoDbFaults implements StoreFaults {
    /** DynamoDB error codes that mean "too much, too fast". */
    private static final Set<String> THROTTLING = Set.of("ProvisionedThroughputExceededException",
            "RequestLimitExceeded", "ThrottlingException", "LimitExceededException");
    /** An earlier attempt of the same transaction (same token) is still being processed: its outcome is open. */
    private static final String IN_PROGRESS = "TransactionInProgressException";

    @Override
    public Optional<StoreFault> of(RuntimeException failure) {
        if (failure instanceof WriteConflictException || failure instanceof UnprocessedKeysException) {
            return Optional.of(StoreFault.BUSY);
        }
        if (UnansweredAttempts.hadOne(failure) || IN_PROGRESS.equals(errorCode(failure))) {
            return Optional.of(StoreFault.UNREACHABLE);
        }
        if (failure instanceof TransactionCanceledException cancelled && Cancellation.busy(cancelled)) {
            return Optional.of(StoreFault.BUSY);
        }
        if (failure instanceof SdkServiceException service) {
            if (service.statusCode() >= 500) {
                return Optional.of(StoreFault.UNAVAILABLE);
            }
            boolean throttled = service.isThrottlingException() || THROTTLING.contains(errorCode(failure));
            return Optional.of(throttled ? StoreFault.BUSY : StoreFault.REFUSED);
        }
        return failure instanceof SdkClientException ? Optional.of(StoreFault.UNREACHABLE) : Optional.empty();
    }

    /** DynamoDB's error code of {@code failure} or of the exception it wraps. */
    @Override
    public String errorCode(RuntimeException failure) {
        Throwable source = failure instanceof WriteConflictException ? failure.getCause() : failure;
        return source instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                ? aws.awsErrorDetails().errorCode() : "";
    }
}
