package dev.orders.lambda.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
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

    @Test
    void aWholeNumberIsTheSmallestOfIntegerLongAndBigIntegerHoldingItAnyOtherADouble() throws IOException {
        assertEquals(List.of(2147483647, 2147483648L, new BigInteger("9223372036854775808"), 1.0, 150.0,
                        Double.POSITIVE_INFINITY),
                Json.parse("[2147483647, 2147483648, 9223372036854775808, 1.0, 1.5e2, 1e400]"));
    }

    @Test
    void leavesOutAMapsNullEntriesAndWritesAListsNulls() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("absent", null);
        value.put("list", Arrays.asList(1, null));
        assertEquals("{\"list\":[1,null]}", Json.write(value));
    }

    /** A character beyond the 16-bit plane is written as is into a String, escaped as its surrogate pair into bytes. */
    @Test
    void escapesControlCharactersQuotesAndBackslashes() throws IOException {
        String text = "\u0001\"\\/\n é\uD83D\uDE00";
        assertEquals("\"\\u0001\\\"\\\\/\\n é\uD83D\uDE00\"", Json.write(text));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(text, out);
        assertEquals("\"\\u0001\\\"\\\\/\\n é\\uD83D\\uDE00\"", out.toString(StandardCharsets.UTF_8));
    }
}
