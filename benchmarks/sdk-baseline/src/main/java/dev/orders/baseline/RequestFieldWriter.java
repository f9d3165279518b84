package dev.orders.baseline;

import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes each field of a recorded request to the file, refusing a request on another table than the one recorded
 * on: the table is not written, as the requests are sent again on a table of their own.
 */
record RequestFieldWriter(DataOutputStream out, String recordedTable) implements RequestFields {
    @Override
    public boolean present(boolean recorded) throws IOException {
        out.writeBoolean(recorded);
        return recorded;
    }

    @Override
    public int count(int recorded) throws IOException {
        out.writeInt(recorded);
        return recorded;
    }

    @Override
    public String string(String recorded) throws IOException {
        if (present(recorded != null)) {
            out.writeUTF(recorded);
        }
        return recorded;
    }

    @Override
    public Boolean bool(Boolean recorded) throws IOException {
        if (present(recorded != null)) {
            out.writeBoolean(recorded);
        }
        return recorded;
    }

    @Override
    public Integer integer(Integer recorded) throws IOException {
        if (present(recorded != null)) {
            out.writeInt(recorded);
        }
        return recorded;
    }

    @Override
    public String table(String recorded) {
        if (!recordedTable.equals(recorded)) {
            throw new IllegalArgumentException("a request on table " + recorded + ", recorded on " + recordedTable);
        }
        return recorded;
    }

    @Override
    public String token(String recorded) throws IOException {
        present(recorded != null);
        return recorded;
    }

    @Override
    public Map<String, String> names(Map<String, String> recorded) throws IOException {
        if (present(recorded != null)) {
            count(recorded.size());
            for (Map.Entry<String, String> name : recorded.entrySet()) {
                out.writeUTF(name.getKey());
                out.writeUTF(name.getValue());
            }
        }
        return recorded;
    }

    @Override
    public Map<String, AttributeValue> item(Map<String, AttributeValue> recorded) throws IOException {
        if (present(recorded != null)) {
            count(recorded.size());
            for (Map.Entry<String, AttributeValue> attribute : recorded.entrySet()) {
                out.writeUTF(attribute.getKey());
                value(attribute.getValue());
            }
        }
        return recorded;
    }

    private void value(AttributeValue value) throws IOException {
        out.writeUTF(value.type().name());
        switch (value.type()) {
            case S -> out.writeUTF(value.s());
            case N -> out.writeUTF(value.n());
            case B -> bytes(value.b());
            case SS -> strings(value.ss());
            case NS -> strings(value.ns());
            case BS -> {
                count(value.bs().size());
                for (SdkBytes bytes : value.bs()) {
                    bytes(bytes);
                }
            }
            case M -> item(value.m());
            case L -> {
                count(value.l().size());
                for (AttributeValue element : value.l()) {
                    value(element);
                }
            }
            case BOOL -> out.writeBoolean(value.bool());
            case NUL -> out.writeBoolean(value.nul());
            default -> throw new IllegalArgumentException("an attribute value of no known type: " + value);
        }
    }

    private void strings(List<String> strings) throws IOException {
        count(strings.size());
        for (String string : strings) {
            out.writeUTF(string);
        }
    }

    private void bytes(SdkBytes bytes) throws IOException {
        byte[] array = bytes.asByteArrayUnsafe();
        count(array.length);
        out.write(array);
    }
}
