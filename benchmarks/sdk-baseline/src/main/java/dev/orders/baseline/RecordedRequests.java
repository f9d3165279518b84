package dev.orders.baseline;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * DynamoDB requests as a function's client sent them, written to a file and read back to be sent again
 * on another table: the SDK sides of the benchmarks make the requests recorded from the functions, so no
 * hand-written copy of an access pattern can drift from the code. A request is written field by field,
 * and refused if it has a field this class does not carry (it would be sent short); a transaction's
 * client request token is made anew when read, as DynamoDB refuses a token reused with other parameters.
 */
public final class RecordedRequests {
    private RecordedRequests() {
    }

    /** Writes {@code requests}, recorded on {@code table}, to {@code file}. */
    public static void write(List<? extends SdkRequest> requests, String table, Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            Writer writer = new Writer(out, table);
            writer.count(requests.size());
            for (SdkRequest request : requests) {
                DynamoDbRequest written = request(writer, request);
                if (!written.equalsBySdkFields(request)) {
                    throw new IllegalArgumentException("a field of " + request + " would not be sent again; "
                            + "what would be: " + written);
                }
            }
        }
    }

    /** The requests of {@code file}, on {@code table}. */
    public static List<DynamoDbRequest> read(Path file, String table) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            Reader reader = new Reader(in, table);
            int count = reader.count(0);
            List<DynamoDbRequest> requests = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                requests.add(request(reader, null));
            }
            return requests;
        }
    }

    /** Sends {@code request} with {@code client}, as the recording client's method of its operation did. */
    public static void send(DynamoDbClient client, SdkRequest request) {
        if (request instanceof GetItemRequest r) {
            client.getItem(r);
        } else if (request instanceof QueryRequest r) {
            client.query(r);
        } else if (request instanceof BatchGetItemRequest r) {
            client.batchGetItem(r);
        } else if (request instanceof PutItemRequest r) {
            client.putItem(r);
        } else if (request instanceof UpdateItemRequest r) {
            client.updateItem(r);
        } else if (request instanceof DeleteItemRequest r) {
            client.deleteItem(r);
        } else if (request instanceof TransactWriteItemsRequest r) {
            client.transactWriteItems(r);
        } else {
            throw new IllegalArgumentException("no way to send " + operation(request));
        }
    }

    /** The DynamoDB operation of {@code request}, e.g. {@code GetItem}. */
    public static String operation(SdkRequest request) {
        return request.getClass().getSimpleName().replace("Request", "");
    }

    /** Every request this class writes; the recorded one, or for reading an empty one of the operation read. */
    private static DynamoDbRequest request(Fields f, SdkRequest recorded) throws IOException {
        String operation = f.string(recorded == null ? null : operation(recorded));
        return switch (operation) {
            case "GetItem" -> getItem(f, recorded instanceof GetItemRequest r ? r : GetItemRequest.builder().build());
            case "Query" -> query(f, recorded instanceof QueryRequest r ? r : QueryRequest.builder().build());
            case "BatchGetItem" -> batchGetItem(f,
                    recorded instanceof BatchGetItemRequest r ? r : BatchGetItemRequest.builder().build());
            case "PutItem" -> putItem(f, recorded instanceof PutItemRequest r ? r : PutItemRequest.builder().build());
            case "UpdateItem" -> updateItem(f,
                    recorded instanceof UpdateItemRequest r ? r : UpdateItemRequest.builder().build());
            case "DeleteItem" -> deleteItem(f,
                    recorded instanceof DeleteItemRequest r ? r : DeleteItemRequest.builder().build());
            case "TransactWriteItems" -> transactWriteItems(f,
                    recorded instanceof TransactWriteItemsRequest r ? r : TransactWriteItemsRequest.builder().build());
            default -> throw new IllegalArgumentException("no way to record " + operation);
        };
    }

    private static GetItemRequest getItem(Fields f, GetItemRequest r) throws IOException {
        return GetItemRequest.builder().tableName(f.table(r.tableName()))
                .key(f.item(ifSet(r.hasKey(), r.key())))
                .consistentRead(f.bool(r.consistentRead()))
                .projectionExpression(f.string(r.projectionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .build();
    }

    private static QueryRequest query(Fields f, QueryRequest r) throws IOException {
        return QueryRequest.builder().tableName(f.table(r.tableName()))
                .indexName(f.string(r.indexName()))
                .select(f.string(r.selectAsString()))
                .limit(f.integer(r.limit()))
                .consistentRead(f.bool(r.consistentRead()))
                .scanIndexForward(f.bool(r.scanIndexForward()))
                .exclusiveStartKey(f.item(ifSet(r.hasExclusiveStartKey(), r.exclusiveStartKey())))
                .keyConditionExpression(f.string(r.keyConditionExpression()))
                .filterExpression(f.string(r.filterExpression()))
                .projectionExpression(f.string(r.projectionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .build();
    }

    private static BatchGetItemRequest batchGetItem(Fields f, BatchGetItemRequest r) throws IOException {
        List<Map.Entry<String, KeysAndAttributes>> recorded = List.copyOf(r.requestItems().entrySet());
        int tables = f.count(recorded.size());
        Map<String, KeysAndAttributes> requestItems = new LinkedHashMap<>();
        for (int i = 0; i < tables; i++) {
            Map.Entry<String, KeysAndAttributes> entry =
                    i < recorded.size() ? recorded.get(i) : Map.entry("", KeysAndAttributes.builder().build());
            requestItems.put(f.table(entry.getKey()), keysAndAttributes(f, entry.getValue()));
        }
        return BatchGetItemRequest.builder().requestItems(requestItems).build();
    }

    private static KeysAndAttributes keysAndAttributes(Fields f, KeysAndAttributes r) throws IOException {
        return KeysAndAttributes.builder()
                .keys(list(f, r.keys(), Map.of(), Fields::item))
                .consistentRead(f.bool(r.consistentRead()))
                .projectionExpression(f.string(r.projectionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .build();
    }

    private static PutItemRequest putItem(Fields f, PutItemRequest r) throws IOException {
        return PutItemRequest.builder().tableName(f.table(r.tableName()))
                .item(f.item(ifSet(r.hasItem(), r.item())))
                .conditionExpression(f.string(r.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .returnValues(f.string(r.returnValuesAsString()))
                .returnValuesOnConditionCheckFailure(f.string(r.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static UpdateItemRequest updateItem(Fields f, UpdateItemRequest r) throws IOException {
        return UpdateItemRequest.builder().tableName(f.table(r.tableName()))
                .key(f.item(ifSet(r.hasKey(), r.key())))
                .updateExpression(f.string(r.updateExpression()))
                .conditionExpression(f.string(r.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .returnValues(f.string(r.returnValuesAsString()))
                .returnValuesOnConditionCheckFailure(f.string(r.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static DeleteItemRequest deleteItem(Fields f, DeleteItemRequest r) throws IOException {
        return DeleteItemRequest.builder().tableName(f.table(r.tableName()))
                .key(f.item(ifSet(r.hasKey(), r.key())))
                .conditionExpression(f.string(r.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .returnValues(f.string(r.returnValuesAsString()))
                .returnValuesOnConditionCheckFailure(f.string(r.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static TransactWriteItemsRequest transactWriteItems(Fields f, TransactWriteItemsRequest r)
            throws IOException {
        return TransactWriteItemsRequest.builder()
                .transactItems(list(f, r.transactItems(), TransactWriteItem.builder().build(),
                        RecordedRequests::action))
                .clientRequestToken(f.token(r.clientRequestToken()))
                .build();
    }

    /** One action of a transaction: exactly one of its four kinds is set. */
    private static TransactWriteItem action(Fields f, TransactWriteItem a) throws IOException {
        return TransactWriteItem.builder()
                .put(optional(f, a.put(), Put.builder().build(), RecordedRequests::put))
                .update(optional(f, a.update(), Update.builder().build(), RecordedRequests::update))
                .delete(optional(f, a.delete(), Delete.builder().build(), RecordedRequests::delete))
                .conditionCheck(optional(f, a.conditionCheck(), ConditionCheck.builder().build(),
                        RecordedRequests::conditionCheck))
                .build();
    }

    private static Put put(Fields f, Put p) throws IOException {
        return Put.builder().tableName(f.table(p.tableName()))
                .item(f.item(ifSet(p.hasItem(), p.item())))
                .conditionExpression(f.string(p.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(p.hasExpressionAttributeNames(), p.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(p.hasExpressionAttributeValues(), p.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(p.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static Update update(Fields f, Update u) throws IOException {
        return Update.builder().tableName(f.table(u.tableName()))
                .key(f.item(ifSet(u.hasKey(), u.key())))
                .updateExpression(f.string(u.updateExpression()))
                .conditionExpression(f.string(u.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(u.hasExpressionAttributeNames(), u.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(u.hasExpressionAttributeValues(), u.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(u.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static Delete delete(Fields f, Delete d) throws IOException {
        return Delete.builder().tableName(f.table(d.tableName()))
                .key(f.item(ifSet(d.hasKey(), d.key())))
                .conditionExpression(f.string(d.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(d.hasExpressionAttributeNames(), d.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(d.hasExpressionAttributeValues(), d.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(d.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static ConditionCheck conditionCheck(Fields f, ConditionCheck c) throws IOException {
        return ConditionCheck.builder().tableName(f.table(c.tableName()))
                .key(f.item(ifSet(c.hasKey(), c.key())))
                .conditionExpression(f.string(c.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(c.hasExpressionAttributeNames(), c.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(c.hasExpressionAttributeValues(), c.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(c.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    /** The SDK answers an unset map or list as an empty one; an unset one is written as absent. */
    private static <T> T ifSet(boolean set, T value) {
        return set ? value : null;
    }

    /** One part of a request, written from the recorded one or read into a new one. */
    @FunctionalInterface
    private interface Part<T> {
        T of(Fields f, T recorded) throws IOException;
    }

    /** A part that may be absent; {@code empty} stands for the recorded one when reading. */
    private static <T> T optional(Fields f, T recorded, T empty, Part<T> part) throws IOException {
        return f.present(recorded != null) ? part.of(f, recorded != null ? recorded : empty) : null;
    }

    /** The elements of a list, as many as recorded (written) or as were written (read). */
    private static <T> List<T> list(Fields f, List<T> recorded, T empty, Part<T> element) throws IOException {
        int count = f.count(recorded.size());
        List<T> elements = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            elements.add(element.of(f, i < recorded.size() ? recorded.get(i) : empty));
        }
        return elements;
    }

    /**
     * The fields of requests, in the order the methods above name them: the writer writes each recorded
     * value and answers it, the reader ignores it and answers what it reads.
     */
    private interface Fields {
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

    private record Writer(DataOutputStream out, String recordedTable) implements Fields {
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

    private record Reader(DataInputStream in, String table) implements Fields {
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
}
