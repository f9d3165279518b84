package dev.orders.local.streams;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.streams.OnFailureRecord.Condition;
import dev.orders.localaws.Log;
import dev.orders.localaws.OwnerOnly;
import dev.orders.localaws.streams.StreamFilter;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * What Lambda's event source mapping does for a function's {@code DynamoDB} event, against the local
 * engine's stream: records read shard by shard in order, kept if they match the event's filter, sent to
 * the function in batches of its size in the exact {@code DynamodbEvent} shape ({@link StreamBatchEvent}),
 * resumed from the record the function reports failed ({@code batchItemFailures}), split in two on a function
 * error where the event bisects ({@code BisectBatchOnFunctionError}), at most the event's retry attempts, after
 * which the rest of the batch is discarded and its on-failure record goes to the dead-letter file, as Lambda
 * sends it to the event's {@code OnFailure} destination; records older than the event's
 * {@code MaximumRecordAgeInSeconds} are discarded the same way before they are sent (a --data-dir's stream
 * outlives a run). With a positions file (--data-dir) the last record
 * handled per shard survives a restart ({@link StreamPositions}), so nothing is lost or sent twice. Closing it
 * lets an invocation in flight finish, as disabling an event source mapping does.
 */
public final class LocalStreamPoller implements AutoCloseable {
    private static final long IDLE_MILLIS = 200;
    private static final String DEAD_LETTER_FILE = "stream-dead-letters.jsonl";

    /** The function the records go to: a {@code DynamodbEvent} as JSON in, its response as JSON out. */
    @FunctionalInterface
    public interface Target {
        byte[] invoke(byte[] eventJson, String requestId) throws Exception;
    }

    private final SamTemplate.StreamEvent source;
    private final String functionName;
    private final Duration timeout;
    private final Target function;
    private final DynamoDbClient dynamoDb;
    private final DynamoDbStreamsClient streams;
    private final String tableName;
    private final String region;
    private final Optional<Path> dataDir;
    private final StreamFilter filter;
    private final StreamPositions positions;
    private final Clock clock;
    private final Thread thread;
    private final CountDownLatch closed = new CountDownLatch(1);
    /** Whether the last invocation failed with an error (rather than reporting a batch item failure). */
    private boolean functionError;

    public LocalStreamPoller(SamTemplate.Function function, SamTemplate.StreamEvent source, Target target,
                             DynamoDbClient dynamoDb, DynamoDbStreamsClient streams, String tableName, String region,
                             Optional<Path> dataDir, Clock clock) {
        this.source = source;
        this.functionName = function.logicalId();
        this.timeout = function.timeout();
        this.function = target;
        this.dynamoDb = dynamoDb;
        this.streams = streams;
        this.tableName = tableName;
        this.region = region;
        this.dataDir = dataDir;
        this.clock = clock;
        try {
            this.filter = new StreamFilter(source.filterPatterns());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("template: " + function.logicalId() + "." + source.event() + ": "
                    + e.getMessage(), e);
        }
        this.positions = new StreamPositions(dataDir, source.event());
        this.thread = new Thread(this::run, "sam-local-stream-" + function.logicalId());
        this.thread.setDaemon(true);
    }

    public LocalStreamPoller start() {
        thread.start();
        return this;
    }

    private void run() {
        try {
            while (running()) {
                try {
                    if (!pollOnce()) {
                        pause(IDLE_MILLIS);
                    }
                } catch (RuntimeException e) {
                    Log.SAM_LOCAL.line("stream of " + tableName + " for " + source.event() + ": " + e.getMessage()
                            + "; trying again");
                    pause(IDLE_MILLIS * 5);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean running() {
        return closed.getCount() > 0;
    }

    /** Waits {@code millis}, or less if the poller is closed meanwhile. */
    private void pause(long millis) throws InterruptedException {
        closed.await(millis, TimeUnit.MILLISECONDS);
    }

    /** One pass over every shard; true when it handled any record. */
    boolean pollOnce() throws InterruptedException {
        String streamArn = dynamoDb.describeTable(b -> b.tableName(tableName)).table().latestStreamArn();
        boolean handled = false;
        for (Shard shard : streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards()) {
            handled |= pollShard(streamArn, shard.shardId());
        }
        return handled;
    }

    private boolean pollShard(String streamArn, String shardId) throws InterruptedException {
        String after = positions.after(shardId);
        String iterator = streams.getShardIterator(b -> {
            b.streamArn(streamArn).shardId(shardId);
            if (after == null) {
                b.shardIteratorType(ShardIteratorType.TRIM_HORIZON);
            } else {
                b.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(after);
            }
        }).shardIterator();
        GetRecordsResponse page = streams.getRecords(b -> b.shardIterator(iterator).limit(1000));
        if (page.records().isEmpty()) {
            return false;
        }
        List<Record> kept = page.records().stream().filter(filter::matches).toList();
        for (int start = 0; start < kept.size(); start += source.batchSize()) {
            List<Record> batch = kept.subList(start, Math.min(kept.size(), start + source.batchSize()));
            if (!running() || !deliver(streamArn, shardId, batch)) {
                return true; // closed before this batch was through: the next start resumes from it
            }
            positions.remember(shardId, batch.get(batch.size() - 1).dynamodb().sequenceNumber());
        }
        positions.remember(shardId, page.records().get(page.records().size() - 1).dynamodb().sequenceNumber());
        return true;
    }

    /**
     * The batch to the function until every record is through: from the reported record again after a
     * failure, at most the event's retry attempts for one record, then what is left of the batch is
     * discarded and dead-lettered, as Lambda does. False when the poller was closed before the batch was through.
     */
    private boolean deliver(String streamArn, String shardId, List<Record> batch) throws InterruptedException {
        return deliver(streamArn, shardId, batch, 0);
    }

    /**
     * {@link #deliver(String, String, List)} of records retried {@code retried} times already. A batch the function
     * failed on with an error is split in two when the event bisects, each half delivered in turn: as Lambda
     * documents, "splitting a batch does not count towards the retry quota", so a bad record ends alone in the
     * dead-letter file and the others go through.
     */
    private boolean deliver(String streamArn, String shardId, List<Record> batch, int retried)
            throws InterruptedException {
        List<Record> pending = batch;
        int attempts = retried;
        while (!pending.isEmpty() && running()) {
            int expired = expired(pending);
            if (expired > 0) {
                deadLetter(streamArn, shardId, pending.subList(0, expired), Condition.RECORD_AGE_EXCEEDED, attempts);
                pending = pending.subList(expired, pending.size());
                continue;
            }
            Optional<String> failed = invoke(streamArn, pending);
            if (failed.isEmpty()) {
                return true;
            }
            if (functionError && source.bisectsOnFunctionError() && pending.size() > 1) {
                int half = pending.size() / 2;
                return deliver(streamArn, shardId, pending.subList(0, half), attempts)
                        && deliver(streamArn, shardId, pending.subList(half, pending.size()), attempts);
            }
            int index = indexOf(pending, failed.get());
            if (index > 0) {
                attempts = 0;
            }
            pending = pending.subList(index, pending.size());
            attempts++;
            if (source.maximumRetryAttempts() >= 0 && attempts > source.maximumRetryAttempts()) {
                deadLetter(streamArn, shardId, pending, Condition.RETRY_ATTEMPTS_EXHAUSTED, attempts);
                pending = List.of();
            } else {
                pause(IDLE_MILLIS);
            }
        }
        return pending.isEmpty();
    }

    /** The sequence number the function reported failed, if any; a function error fails the whole batch. */
    private Optional<String> invoke(String streamArn, List<Record> batch) {
        Map<String, Object> event = StreamBatchEvent.of(batch, streamArn, region);
        functionError = false;
        try {
            byte[] response = function.invoke(JSON.std.asBytes(event), UUID.randomUUID().toString());
            Object failures = JSON.std.mapFrom(response).get("batchItemFailures");
            if (failures instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?> first) {
                return Optional.of(String.valueOf(first.get("itemIdentifier")));
            }
            return Optional.empty();
        } catch (Exception e) {
            Log.SAM_LOCAL.line(source.event() + ": the function failed on a batch of " + batch.size() + ": " + e);
            functionError = true;
            return Optional.of(batch.get(0).dynamodb().sequenceNumber());
        }
    }

    private static int indexOf(List<Record> batch, String sequenceNumber) {
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i).dynamodb().sequenceNumber().equals(sequenceNumber)) {
                return i;
            }
        }
        return 0; // an identifier not in the batch: Lambda retries the whole batch
    }

    /** How many records at the start of {@code batch} (in stream order, so oldest first) are older than the event allows. */
    private int expired(List<Record> batch) {
        if (source.maximumRecordAgeSeconds() < 0) {
            return 0;
        }
        Instant oldestAllowed = clock.instant().minusSeconds(source.maximumRecordAgeSeconds());
        int expired = 0;
        while (expired < batch.size() && batch.get(expired).dynamodb().approximateCreationDateTime().isBefore(oldestAllowed)) {
            expired++;
        }
        return expired;
    }

    /** The discarded records' on-failure record, one JSON line of the dead-letter file: the local dead-letter queue. */
    private void deadLetter(String streamArn, String shardId, List<Record> discarded, Condition condition,
                            int invocations) {
        Log.SAM_LOCAL.line(source.event() + ": " + discarded.size() + " stream records from "
                + discarded.get(0).dynamodb().sequenceNumber() + " discarded " + (condition == Condition.RECORD_AGE_EXCEEDED
                ? "as older than " + source.maximumRecordAgeSeconds() + " s" : "after " + source.maximumRetryAttempts() + " retries")
                + "; their on-failure record is in the dead-letter file " + deadLetterFile());
        Map<String, Object> record = OnFailureRecord.of(region, functionName, streamArn, shardId, discarded, condition,
                invocations, functionError);
        try {
            OwnerOnly.append(deadLetterFile(), JSON.std.asString(record) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The local stand-in for the event's {@code OnFailure} queue: one message body a line. */
    Path deadLetterFile() {
        return dataDir.orElse(Path.of(System.getProperty("java.io.tmpdir"))).resolve(DEAD_LETTER_FILE);
    }

    /**
     * Stops polling. An invocation in flight is not interrupted (an SDK call it is making would fail half
     * done, a PutEvents the bus already took reported as failed): it gets the function's timeout to finish.
     */
    @Override
    public void close() {
        closed.countDown();
        try {
            thread.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread.interrupt(); // still running past the timeout: Lambda would have stopped it too
    }
}
