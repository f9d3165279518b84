package dev.orders.lambda.json;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.thirdparty.jackson.core.JsonFactory;
import software.amazon.awssdk.thirdparty.jackson.core.JsonGenerator;
import software.amazon.awssdk.thirdparty.jackson.core.JsonParseException;
import software.amazon.awssdk.thirdparty.jackson.core.JsonParser;
import software.amazon.awssdk.thirdparty.jackson.core.JsonToken;
import software.amazon.awssdk.thirdparty.jackson.core.JsonTokenId;
import software.amazon.awssdk.thirdparty.jackson.core.StreamReadConstraints;
import software.amazon.awssdk.thirdparty.jackson.core.StreamReadFeature;

/**
 * The functions' JSON, on the SDK's own copy of jackson-core, which the AWS clients load at every cold start
 * anyway: no second JSON library to load. Values are maps (in the document's order), lists, strings, numbers,
 * booleans and null. It refuses duplicate keys (a request must mean one thing), deeply nested input, and
 * anything but whitespace after the value (a body holding two documents, or a document and more, is not one
 * request).
 */
public final class Json {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
            .build();

    private Json() {
    }

    /**
     * Parses one JSON value; {@link IOException} when the text is not JSON or holds more after it. A whole
     * number is the smallest of {@link Integer}, {@link Long} and {@link BigInteger} holding it, any other
     * number a {@link Double}.
     */
    public static Object parse(String text) throws IOException {
        return parseWhole(FACTORY.createParser(text));
    }

    public static Object parse(InputStream json) throws IOException {
        return parseWhole(FACTORY.createParser(json));
    }

    private static Object parseWhole(JsonParser parser) throws IOException {
        try (parser) {
            if (parser.nextToken() == null) {
                throw new JsonParseException(parser, "no JSON value");
            }
            Object value = value(parser);
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "content after the JSON value");
            }
            return value;
        }
    }

    /** The value starting at the parser's current token, which it leaves on the value's last token. */
    private static Object value(JsonParser parser) throws IOException {
        return switch (parser.currentTokenId()) {
            case JsonTokenId.ID_START_OBJECT -> object(parser);
            case JsonTokenId.ID_START_ARRAY -> array(parser);
            case JsonTokenId.ID_STRING -> parser.getText();
            case JsonTokenId.ID_NUMBER_INT -> parser.getNumberValue();
            case JsonTokenId.ID_NUMBER_FLOAT -> parser.getDoubleValue();
            case JsonTokenId.ID_TRUE -> Boolean.TRUE;
            case JsonTokenId.ID_FALSE -> Boolean.FALSE;
            case JsonTokenId.ID_NULL -> null;
            default -> throw new JsonParseException(parser, "not a JSON value: " + parser.currentToken());
        };
    }

    private static Map<String, Object> object(JsonParser parser) throws IOException {
        Map<String, Object> object = new LinkedHashMap<>();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            object.put(name, value(parser));
        }
        return object;
    }

    private static List<Object> array(JsonParser parser) throws IOException {
        List<Object> array = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            array.add(value(parser));
        }
        return array;
    }

    /** Writes {@code value} as UTF-8 and closes {@code out}. */
    public static void write(Object value, OutputStream out) throws IOException {
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            write(value, generator);
        }
    }

    public static String write(Object value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            write(value, generator);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON", e);
        }
        return text.toString();
    }

    /** A map's entries whose value is null are left out, as the functions' responses have always had them. */
    private static void write(Object value, JsonGenerator generator) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Boolean flag) {
            generator.writeBoolean(flag);
        } else if (value instanceof Integer || value instanceof Long) {
            generator.writeNumber(((Number) value).longValue());
        } else if (value instanceof BigInteger number) {
            generator.writeNumber(number);
        } else if (value instanceof Double number) {
            generator.writeNumber(number.doubleValue());
        } else if (value instanceof Map<?, ?> map) {
            generator.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (entry.getValue() != null) {
                    generator.writeFieldName(String.valueOf(entry.getKey()));
                    write(entry.getValue(), generator);
                }
            }
            generator.writeEndObject();
        } else if (value instanceof Iterable<?> items) {
            generator.writeStartArray();
            for (Object item : items) {
                write(item, generator);
            }
            generator.writeEndArray();
        } else {
            throw new IllegalArgumentException("no JSON for a " + value.getClass().getName());
        }
    }
}
