package dev.orders.lambda.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The one JSON mapper of the functions: jackson-jr, light to load at cold start. It refuses
 * duplicate keys (a request must mean one thing), deeply nested input, and anything but whitespace
 * after the value (a body holding two documents, or a document and more, is not one request).
 */
public final class Json {
    private static final JSON MAPPER = JSON.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
                    .build())
            .build();

    private Json() {
    }

    /** Parses one JSON value; {@link IOException} when the text is not JSON or holds more after it. */
    public static Object parse(String text) throws IOException {
        return parseWhole(MAPPER.createParser(text));
    }

    public static Object parse(InputStream json) throws IOException {
        return parseWhole(MAPPER.createParser(json));
    }

    private static Object parseWhole(JsonParser parser) throws IOException {
        try (parser) {
            Object value = MAPPER.anyFrom(parser);
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "content after the JSON value");
            }
            return value;
        }
    }

    public static void write(Object value, OutputStream out) throws IOException {
        MAPPER.write(value, out);
    }

    public static String write(Object value) {
        try {
            return MAPPER.asString(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON", e);
        }
    }
}
