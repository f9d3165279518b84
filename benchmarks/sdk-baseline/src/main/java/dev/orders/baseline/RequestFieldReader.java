package dev.orders.baseline;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads each field of a request from the file, as {@link RequestFieldWriter} wrote it, on {@code table}: the table
 * the requests are sent to now, and a client request token of its own.
 */
record RequestFieldReader(DataInputStream in, String table) implements RequestFields {
    @Override
    public boolean present(boolean recorded) throws IOException {
        return in.readBoolean();
    }

    @Override
    public int count(int recorded) throws IOException {
        return in.readInt();
    }

    @Override
    public String string(String recorded) throws IOException {
        return present(false) ? in.readUTF() : null;
    }

    @Override
    public Boolean bool(Boolean recorded) throws IOException {
        return present(false) ? in.readBoolean() : null;
    }

    @Override
    public Integer integer(Integer recorded) throws IOException {
        return present(false) ? in.readInt() : null;
    }

    @Override
    public String table(String recorded) {
        return table;
    }

    @Override
    public String token(String recorded) throws IOException {
        return present(false) ? UUID.randomUUID().toString() : null;
    }

    @Override
    public Map<String, String> names(Map<String, String> recorded) throws IOException {
        if (!present(false)) {
            return null;
        }
        int count = count(0);
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            names.put(in.readUTF(), in.readUTF());
        }
        return names;
    }

    @Override
    public Map<String, AttributeValue> item(Map<String, AttributeValue> recorded) throws IOException {
        if (!present(false)) {
            return null;
        }
        int count = count(0);
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            item.put(in.readUTF(), value());
        }
        return item;
    }

    private AttributeValue value() throws IOException {
        return switch (AttributeValue.Type.valueOf(in.readUTF())) {
            case S -> AttributeValue.fromS(in.readUTF());
            case N -> AttributeValue.fromN(in.readUTF());
            case B -> AttributeValue.fromB(bytes());
            case SS -> AttributeValue.fromSs(strings());
            case NS -> AttributeValue.fromNs(strings());
            case BS -> {
                int count = count(0);
                List<SdkBytes> list = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    list.add(bytes());
                }
                yield AttributeValue.fromBs(list);
            }
            case M -> AttributeValue.fromM(item(null));
            case L -> {
                int count = count(0);
                List<AttributeValue> list = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    list.add(value());
                }
                yield AttributeValue.fromL(list);
            }
            case BOOL -> AttributeValue.fromBool(in.readBoolean());
            case NUL -> AttributeValue.fromNul(in.readBoolean());
            default -> throw new IOException("an attribute value of no known type");
        };
    }

    private List<String> strings() throws IOException {
        int count = count(0);
        List<String> strings = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            strings.add(in.readUTF());
        }
        return strings;
    }

    private SdkBytes bytes() throws IOException {
        byte[] array = new byte[count(0)];
        in.readFully(array);
        return SdkBytes.fromByteArrayUnsafe(array);
    }
}
