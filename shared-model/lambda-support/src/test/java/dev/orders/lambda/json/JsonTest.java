package dev.orders.lambda.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One request body is one JSON value, which means one thing: whitespace may follow it, nothing else. */
class JsonTest {
    @Test
    void aDuplicateKeyIsNotJson() {
        assertThrows(IOException.class, () -> Json.parse("{\"status\":\"PAID\",\"status\":\"CANCELLED\"}"));
    }

    @Test
    void nestingDeeperThan32IsNotJsonAnd32Is() throws IOException {
        assertThrows(IOException.class, () -> Json.parse("[".repeat(33) + "]".repeat(33)));
        assertEquals(List.of(List.of()), Json.parse("[[]]"));
        Json.parse("[".repeat(32) + "]".repeat(32));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1} {\"x\":1}", "{\"a\":1}xyz", "{\"a\":1}}", "{\"a\":1},", "{\"a\":1} 2",
            "{\"a\":1}[]", "{\"a\":1} null"})
    void contentAfterTheValueIsNotJson(String text) {
        assertThrows(IOException.class, () -> Json.parse(text));
        assertThrows(IOException.class,
                () -> Json.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1}", " {\"a\":1} ", "{\"a\":1}\n", "\t{\"a\":1}\r\n  "})
    void whitespaceAroundTheValueIsJson(String text) throws IOException {
        assertEquals(Map.of("a", 1), Json.parse(text));
    }
}
