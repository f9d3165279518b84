package dev.orders.testsupport.faults;

import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Runs a competing change once, right before the client's first transaction: the interleaving DynamoDB
 * allows between a read and the write that depends on it, which a local engine (it serialises
 * transactions) never produces by itself. The competitor must write through another client.
 */
public final class BeforeTheFirstWrite implements ExecutionInterceptor {
    private final Runnable competitor;
    private final AtomicBoolean ran = new AtomicBoolean();

    public BeforeTheFirstWrite(Runnable competitor) {
        this.competitor = competitor;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof TransactWriteItemsRequest && ran.compareAndSet(false, true)) {
            competitor.run();
        }
    }
}
