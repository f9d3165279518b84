package dev.orders.dynamodb.table;

import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * What a failed DynamoDB call means for the client, so that callers outside this adapter never
 * handle SDK exceptions themselves: whether it may pass, and whether a write may have been applied
 * all the same. The SDK has already retried, within its bounds, by then.
 */
public enum StoreFault {
    /**
     * DynamoDB answered every attempt and refused the last one for the moment: throttled, or a
     * transaction cancelled by throttling or conflicting transactions. Nothing was written.
     */
    BUSY,
    /** DynamoDB failed on its side (5xx): a write may or may not have been applied. */
    UNAVAILABLE,
    /**
     * An attempt got no answer: the connection failed or timed out, or DynamoDB was still processing
     * it when the next came. A write may or may not have been applied.
     */
    UNREACHABLE,
    /** DynamoDB refused the request itself: a fault of this code, not of the moment. */
    REFUSED;

    /** DynamoDB error codes that mean "too much, too fast". */
    private static final Set<String> THROTTLING = Set.of("ProvisionedThroughputExceededException",
            "RequestLimitExceeded", "ThrottlingException", "LimitExceededException");
    /** An earlier attempt of the same transaction (same token) is still being processed: its outcome is open. */
    private static final String IN_PROGRESS = "TransactionInProgressException";

    /** The fault {@code failure} stands for; empty when it is not a failure of a DynamoDB call. */
    public static Optional<StoreFault> of(RuntimeException failure) {
        if (failure instanceof WriteConflictException || failure instanceof UnprocessedKeysException) {
            return Optional.of(BUSY);
        }
        if (UnansweredAttempts.hadOne(failure) || IN_PROGRESS.equals(errorCode(failure))) {
            return Optional.of(UNREACHABLE);
        }
        if (failure instanceof TransactionCanceledException cancelled && Cancellation.busy(cancelled)) {
            return Optional.of(BUSY);
        }
        if (failure instanceof SdkServiceException service) {
            if (service.statusCode() >= 500) {
                return Optional.of(UNAVAILABLE);
            }
            boolean throttled = service.isThrottlingException() || THROTTLING.contains(errorCode(failure));
            return Optional.of(throttled ? BUSY : REFUSED);
        }
        return failure instanceof SdkClientException ? Optional.of(UNREACHABLE) : Optional.empty();
    }

    /** DynamoDB's error code of {@code failure} or of the exception it wraps, for the log; empty text when none. */
    public static String errorCode(RuntimeException failure) {
        Throwable source = failure instanceof WriteConflictException ? failure.getCause() : failure;
        return source instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                ? aws.awsErrorDetails().errorCode() : "";
    }
}
