package dev.orders.local.streams;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.localaws.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The sequence number of the last record handled per shard of an event's stream, kept in a positions file of the
 * data directory when there is one: a restarted poller resumes after it, so nothing is lost or sent twice.
 */
final class StreamPositions {
    private final Optional<Path> file;
    private final Map<String, String> positions = new LinkedHashMap<>();

    /** The positions of stream event {@code event}, as the file in {@code dataDir} left them (none without one). */
    StreamPositions(Optional<Path> dataDir, String event) {
        this.file = dataDir.map(dir -> dir.resolve("stream-positions-" + event + ".json"));
        file.filter(Files::isRegularFile).ifPresent(this::read);
    }

    /** The sequence number of the last record handled in {@code shardId}, or null before the first. */
    String after(String shardId) {
        return positions.get(shardId);
    }

    void remember(String shardId, String sequenceNumber) {
        positions.put(shardId, sequenceNumber);
        if (file.isEmpty()) {
            return;
        }
        try {
            OwnerOnly.replace(file.get(), JSON.std.asString(positions));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the stream position", e);
        }
    }

    private void read(Path saved) {
        try {
            JSON.std.mapFrom(Files.readAllBytes(saved)).forEach((shard, seq) -> positions.put(shard, String.valueOf(seq)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the stream position", e);
        }
    }
}
