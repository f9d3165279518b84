package dev.orders.dynamodb.table;


import java.util.Arrays;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts, per DynamoDB call, the attempts sent and the answers received. An attempt without an answer
 * (a timeout, a dropped connection) may have been applied, whatever a later attempt of the same call
 * was told, so a failed call that had one carries an {@link Unanswered} among its suppressed
 * exceptions, and {@link StoreFault} then claims nothing about what was written.
 */
public final class UnansweredAttempts implements ExecutionInterceptor {
    private static final ExecutionAttribute<Integer> SENT = new ExecutionAttribute<>("orders.AttemptsSent");
    private static final ExecutionAttribute<Integer> ANSWERED = new ExecutionAttribute<>("orders.AttemptsAnswered");

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        increment(attributes, SENT);
    }

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        increment(attributes, ANSWERED);
    }

    @Override
    public Throwable modifyException(Context.FailedExecution context, ExecutionAttributes attributes) {
        Throwable failure = context.exception();
        if (count(attributes, SENT) > count(attributes, ANSWERED)) {
            failure.addSuppressed(new Unanswered());
        }
        return failure;
    }

    /** Whether {@code failure} is a call of which some attempt was sent and never answered. */
    static boolean hadOne(Throwable failure) {
        return Arrays.stream(failure.getSuppressed()).anyMatch(Unanswered.class::isInstance);
    }

    private static void increment(ExecutionAttributes attributes, ExecutionAttribute<Integer> counter) {
        attributes.putAttribute(counter, count(attributes, counter) + 1);
    }

    private static int count(ExecutionAttributes attributes, ExecutionAttribute<Integer> counter) {
        Integer count = attributes.getAttribute(counter);
        return count == null ? 0 : count;
    }

    /** The mark of a call with an unanswered attempt; it carries no stack, only the fact. */
    static final class Unanswered extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unanswered() {
            super("an attempt of this call was sent and got no answer: it may have been applied", null, false, false);
        }
    }
}
