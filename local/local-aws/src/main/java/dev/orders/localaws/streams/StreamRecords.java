package dev.orders.localaws.streams;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Items of a stream record in DynamoDB's JSON ({@code {"S": ...}}), as Lambda passes them and filters match them. */
public final class StreamRecords {
    private StreamRecords() {
    }

    public static Map<String, Object> image(Map<String, AttributeValue> image) {
        Map<String, Object> json = new LinkedHashMap<>();
        image.forEach((name, value) -> json.put(name, value(value)));
        return json;
    }

    private static Object value(AttributeValue value) {
        return switch (value.type()) {
            case S -> Map.of("S", value.s());
            case N -> Map.of("N", value.n());
            case BOOL -> Map.of("BOOL", value.bool());
            case NUL -> Map.of("NULL", true);
            case M -> Map.of("M", image(value.m()));
            case L -> Map.of("L", value.l().stream().map(StreamRecords::value).toList());
            case SS -> Map.of("SS", value.ss());
            case NS -> Map.of("NS", value.ns());
            default -> throw new IllegalArgumentException("an attribute the local stream does not carry: " + value.type());
        };
    }
}
