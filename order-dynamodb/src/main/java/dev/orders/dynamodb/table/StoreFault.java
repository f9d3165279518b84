package dev.orders.dynamodb.table;

import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;

/**
 * What a failed DynamoDB call means for the client, so that callers outside this adapter never
 * handle SDK exceptions themselves. The SDK has already retried, within its bounds, by then.
 */
public enum StoreFault {
    /** Throttled or failing on DynamoDB's side: worth retrying shortly. */
    UNAVAILABLE,
    /** No answer: the connection failed or timed out. Worth retrying shortly. */
    UNREACHABLE,
    /** DynamoDB refused the request itself: a fault of this code, not of the moment. */
    REFUSED;

    /** DynamoDB error codes that mean "too much, too fast". */
    private static final Set<String> THROTTLING = Set.of("ProvisionedThroughputExceededException",
            "RequestLimitExceeded", "ThrottlingException", "LimitExceededException");

    /** The fault {@code failure} stands for; empty when it is not a failure of a DynamoDB call. */
    public static Optional<StoreFault> of(RuntimeException failure) {
        if (failure instanceof UnprocessedKeysException) {
            return Optional.of(UNAVAILABLE);
        }
        if (failure instanceof SdkServiceException service) {
            boolean passing = service.isThrottlingException() || THROTTLING.contains(errorCode(failure))
                    || service.statusCode() >= 500;
            return Optional.of(passing ? UNAVAILABLE : REFUSED);
        }
        return failure instanceof SdkClientException ? Optional.of(UNREACHABLE) : Optional.empty();
    }

    /** DynamoDB's error code of {@code failure}, for the log; empty text when it has none. */
    public static String errorCode(RuntimeException failure) {
        return failure instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                ? aws.awsErrorDetails().errorCode() : "";
    }
}
