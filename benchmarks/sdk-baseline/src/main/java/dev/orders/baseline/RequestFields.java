package dev.orders.baseline;

import java.io.IOException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The fields of requests, in the order {@link RequestLayout} names them: the writer ({@link RequestFieldWriter})
 * writes each recorded value and answers it, the reader ({@link RequestFieldReader}) ignores it and answers what
 * it reads, so that one walk of a request's fields both writes and reads it.
 */
interface RequestFields {
    boolean present(boolean recorded) throws IOException;

    int count(int recorded) throws IOException;

    String string(String recorded) throws IOException;

    Boolean bool(Boolean recorded) throws IOException;

    Integer integer(Integer recorded) throws IOException;

    /** A table name: the one recorded on, written as nothing; the one to send to, read. */
    String table(String recorded) throws IOException;

    /** A client request token: whether there was one, written; a new one where there was, read. */
    String token(String recorded) throws IOException;

    Map<String, String> names(Map<String, String> recorded) throws IOException;

    Map<String, AttributeValue> item(Map<String, AttributeValue> recorded) throws IOException;
}
