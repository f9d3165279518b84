package dev.orders.testsupport.lambda;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** What a function prints on stdout (where Lambda collects logs), each line parsed as JSON. */
public final class LogCapture {
    private LogCapture() {
    }

    /** The JSON objects printed while {@code action} ran, and its result. */
    public record Captured<T>(T result, List<Map<String, Object>> lines) {
    }

    @SuppressWarnings("unchecked")
    public static synchronized <T> Captured<T> stdout(Supplier<T> action) {
        PrintStream original = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        T result;
        try (PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            result = action.get();
        } finally {
            System.setOut(original);
        }
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String line : buffer.toString(StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                lines.add((Map<String, Object>) JSON.std.anyFrom(line));
            } catch (IOException | ClassCastException e) {
                throw new UncheckedIOException("not a JSON log line: " + line,
                        e instanceof IOException io ? io : new IOException(e));
            }
        }
        return new Captured<>(result, lines);
    }
}
