package dev.orders.testsupport;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.InputStream;

/**
 * JSON as the functions read it: jackson-jr configured as order-http's {@code Json} is (duplicate keys and
 * deeply nested input refused), for fixtures that cannot depend on order-http (what they parse must pass
 * the functions' own reader).
 */
public final class FunctionJson {
    private static final JSON MAPPER = JSON.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
                    .build())
            .build();

    private FunctionJson() {
    }

    /** Parses any JSON value; {@link IOException} when the text is not JSON. */
    public static Object parse(String text) throws IOException {
        return MAPPER.anyFrom(text);
    }

    public static Object parse(InputStream json) throws IOException {
        return MAPPER.anyFrom(json);
    }
}
