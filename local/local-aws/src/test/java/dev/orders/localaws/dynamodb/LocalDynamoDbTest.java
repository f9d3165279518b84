package dev.orders.localaws.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.TemplateTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** The embedded child-process mode specifically, whatever else the machine offers. */
class LocalDynamoDbTest {

    private static LocalDynamoDb db;
    private static TemplateTable orders;

    @BeforeAll
    static void startServer() {
        db = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults());
        orders = TemplateTable.load(RepositoryRoot.template(), "OrdersTable");
    }

    @AfterAll
    static void stopServer() {
        db.close();
    }

    @Test
    void runsAsAChildProcessOnLoopback() {
        assertEquals(LocalDynamoDb.Mode.CHILD_PROCESS, db.mode());
        assertEquals("127.0.0.1", db.endpoint().getHost());
        ProcessHandle child = db.process().orElseThrow();
        assertTrue(child.isAlive());
        assertEquals(ProcessHandle.current().pid(), child.parent().map(ProcessHandle::pid).orElse(-1L));
    }

    @Test
    void theEngineIsTheDynoxideTheBuildPinsAndDockerWouldRunTheSameVersion() {
        String pinned = System.getProperty("dynoxide.version");
        assertEquals("dynoxide " + pinned + ", a child process on 127.0.0.1", db.engine());
        assertEquals("ghcr.io/nubo-db/dynoxide:" + pinned, DynoxideContainer.IMAGE);
    }

    /** A laptop on a shared network must not share its tables: the socket is bound to 127.0.0.1, not to every interface. */
    @Test
    void listensOnLoopbackOnly() throws Exception {
        String port = String.format("%04X", db.endpoint().getPort());
        List<String> listening = new java.util.ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            // Columns: sl, local address, remote address, state (0A is LISTEN), ...
            Files.readAllLines(Path.of(table)).stream().skip(1).map(String::trim).map(line -> line.split("\\s+"))
                    .filter(fields -> fields[1].endsWith(":" + port) && fields[3].equals("0A"))
                    .forEach(fields -> listening.add(fields[1]));
        }
        assertEquals(List.of("0100007F:" + port), listening, "listening sockets on port " + db.endpoint().getPort());
    }

    @Test
    void tableFromTemplateIsActiveWithItsIndexesAndTtl() {
        TableDescription created = orders.createIn(db.client(), "orders-describe");

        TableDescription described = db.client().describeTable(b -> b.tableName("orders-describe")).table();
        assertEquals(TableStatus.ACTIVE, created.tableStatus());
        assertEquals(TableStatus.ACTIVE, described.tableStatus());
        assertEquals(Set.of("CustomerTimeline", "StatusFeed", "CustomerStatusFeed"), described.globalSecondaryIndexes().stream()
                .map(GlobalSecondaryIndexDescription::indexName).collect(Collectors.toSet()));
        assertTrue(described.globalSecondaryIndexes().stream().allMatch(i -> i.indexStatus() == IndexStatus.ACTIVE));

        TimeToLiveDescription ttl = db.client().describeTimeToLive(b -> b.tableName("orders-describe")).timeToLiveDescription();
        assertEquals("expiresAt", ttl.attributeName());
        assertEquals(TimeToLiveStatus.ENABLED, ttl.timeToLiveStatus());
    }

    /**
     * The projections reach DynamoDB as the template states them: a feed entry, without version or updatedAt,
     * and in StatusFeed an open payment issue too.
     */
    @Test
    void tableFromTemplateProjectsIntoItsIndexesNeitherVersionNorUpdatedAt() {
        orders.createIn(db.client(), "orders-projections");

        List<GlobalSecondaryIndexDescription> indexes = db.client().describeTable(b -> b.tableName("orders-projections"))
                .table().globalSecondaryIndexes();
        assertEquals(3, indexes.size());
        for (GlobalSecondaryIndexDescription index : indexes) {
            Projection projection = index.projection();
            assertEquals(ProjectionType.INCLUDE, projection.projectionType(), index.indexName());
            Set<String> expected = new java.util.HashSet<>(Set.of("entityType", "orderId", "customerId", "status", "total",
                    "currency", "itemCount", "createdAt"));
            if (index.indexName().equals("StatusFeed")) {
                expected.addAll(Set.of("eventId", "kind", "amount", "at"));
            }
            assertEquals(expected, Set.copyOf(projection.nonKeyAttributes()), index.indexName());
            assertFalse(projection.nonKeyAttributes().contains("version"), index.indexName());
            assertFalse(projection.nonKeyAttributes().contains("updatedAt"), index.indexName());
        }
    }

    @Test
    void putThenGet() {
        orders.createIn(db.client(), "orders-roundtrip");
        Map<String, AttributeValue> item = Map.of(
                "PK", s("CUSTOMER#1"), "SK", s("ORDER#1"),
                "GSI1PK", s("CUSTOMER#1"), "GSI1SK", s("2025-01-01"),
                "total", AttributeValue.fromN("42.5"));
        db.client().putItem(b -> b.tableName("orders-roundtrip").item(item));

        Map<String, AttributeValue> read = db.client().getItem(b -> b.tableName("orders-roundtrip")
                .key(Map.of("PK", s("CUSTOMER#1"), "SK", s("ORDER#1"))).consistentRead(true)).item();
        assertEquals(item, read);
        assertEquals(1, db.client().query(b -> b.tableName("orders-roundtrip").indexName("CustomerTimeline")
                .keyConditionExpression("GSI1PK = :c").expressionAttributeValues(Map.of(":c", s("CUSTOMER#1")))).count());
    }

    @Test
    void stopAndStartOnADataDirKeepsTheData(@TempDir Path dataDir) {
        try (LocalDynamoDb persistent = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults().withDataDir(dataDir))) {
            URI endpoint = persistent.endpoint();
            orders.createIn(persistent.client(), "orders-durable");
            persistent.client().putItem(b -> b.tableName("orders-durable").item(Map.of("PK", s("A"), "SK", s("B"), "v", s("kept"))));

            persistent.stop();
            assertTrue(persistent.process().isEmpty());
            try (DynamoDbClient noRetry = persistent.clientBuilder()
                    .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
                assertThrows(SdkClientException.class, noRetry::listTables, "the server is down");
            }

            persistent.start();
            assertEquals(endpoint, persistent.endpoint());
            Map<String, AttributeValue> read = persistent.client().getItem(b -> b.tableName("orders-durable")
                    .key(Map.of("PK", s("A"), "SK", s("B")))).item();
            assertEquals(s("kept"), read.get("v"));
        }
        assertTrue(Files.exists(dataDir.resolve(DynoxideProcess.DATA_FILE)));
    }

    /** The table holds customers' names and emails: what Dynoxide writes under a data dir is its owner's only. */
    @Test
    void aDataDirAndEverythingTheEngineWritesInItAreItsOwnersOnly(@TempDir Path parent) throws Exception {
        Path dataDir = parent.resolve("local").resolve("orders");
        Set<String> made = Set.of("local", "local/orders", "local/orders/dynoxide.db");
        try (LocalDynamoDb persistent = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults().withDataDir(dataDir))) {
            orders.createIn(persistent.client(), "orders-private");
            persistent.client().putItem(b -> b.tableName("orders-private").item(Map.of("PK", s("CUSTOMER#c-ada"),
                    "SK", s("PROFILE"), "email", s("ada@example.com"))));
            assertTrue(assertOwnersOnly(parent).containsAll(made), "while the engine runs (SQLite's -wal and -shm too)");
        }
        assertTrue(assertOwnersOnly(parent).containsAll(made), "after it stopped");
    }

    /** Asserts every directory under {@code root} is rwx------ and every file rw-------; returns their paths. */
    private static Set<String> assertOwnersOnly(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            List<Path> under = paths.filter(path -> !path.equals(root)).toList();
            for (Path path : under) {
                assertEquals(Files.isDirectory(path) ? "rwx------" : "rw-------",
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(path)), root.relativize(path).toString());
            }
            return under.stream().map(path -> root.relativize(path).toString()).collect(Collectors.toSet());
        }
    }

    @Test
    void closeLeavesNoChildProcess() throws Exception {
        LocalDynamoDb other = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults());
        ProcessHandle child = other.process().orElseThrow();
        other.close();

        assertFalse(child.isAlive());
        assertFalse(ProcessHandle.of(child.pid()).map(ProcessHandle::isAlive).orElse(false));
        assertTrue(ProcessHandle.current().children().noneMatch(p -> p.pid() == child.pid()));
    }

    @Test
    void anEngineThatDiesInUseIsReportedWithItsExitCodeAndItsOutput() throws Exception {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (LocalDynamoDb other = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults())) {
            ProcessHandle engine = other.process().orElseThrow();
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                engine.destroyForcibly();
                engine.onExit().get(10, TimeUnit.SECONDS);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!captured.toString(StandardCharsets.UTF_8).contains("exited by itself") && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            } finally {
                System.setErr(stderr);
            }
            String said = captured.toString(StandardCharsets.UTF_8);
            assertTrue(said.contains("Dynoxide (pid " + engine.pid() + ", " + other.endpoint() + ") exited by itself with code 137"), said);
            assertTrue(said.contains("Its output: "), said);
            try (DynamoDbClient noRetry = other.clientBuilder()
                    .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
                assertThrows(SdkClientException.class, noRetry::listTables, "nothing answers");
            }
        }
    }

    @Test
    void restartFailsClearlyWhenItsPortWasTaken() throws Exception {
        try (LocalDynamoDb other = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults())) {
            other.stop();
            try (ServerSocket squatter = new ServerSocket(other.endpoint().getPort())) {
                IllegalStateException e = assertThrows(IllegalStateException.class, other::start);
                assertTrue(e.getMessage().contains("port " + squatter.getLocalPort() + " is now taken"), e.getMessage());
            }
            assertTrue(other.process().isEmpty());
        }
    }

    @Test
    void dynamodbEndpointVariableUsesThatServerAndStartsNothing() {
        Map<String, String> env = Map.of(LocalDynamoDb.ENDPOINT_ENV, db.endpoint().toString());
        try (LocalDynamoDb external = LocalDynamoDb.launch(LocalDynamoDb.Options.defaults(), env::get)) {
            assertEquals(LocalDynamoDb.Mode.EXTERNAL, external.mode());
            assertEquals(db.endpoint(), external.endpoint());
            assertTrue(external.process().isEmpty());
            orders.createIn(db.client(), "orders-external");
            assertTrue(external.client().listTables().tableNames().contains("orders-external"));
            assertThrows(UnsupportedOperationException.class, external::stop);
        }
        assertTrue(db.process().orElseThrow().isAlive(), "closing the external view leaves the server alone");
    }

    @Test
    void anEngineThatFailsToStartIsAClearErrorWithItsOutput(@TempDir Path dir) throws Exception {
        Path broken = fakeEngine(dir, "echo 'error: unable to open database file' >&2; exit 2");

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> withEngine(broken,
                () -> LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults())));

        assertTrue(e.getMessage().contains("Dynoxide exited with code 2 on start"), e.getMessage());
        assertTrue(e.getMessage().contains("error: unable to open database file"), e.getMessage());
    }

    @Test
    void anEngineThatNeverAnswersIsAClearErrorAfterTheStartTimeout(@TempDir Path dir) throws Exception {
        Path silent = fakeEngine(dir, "exec sleep 60");

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> withEngine(silent,
                () -> LocalDynamoDb.startChildProcess(new LocalDynamoDb.Options(null, Duration.ofSeconds(1)))));

        assertTrue(e.getMessage().contains("did not answer within PT1S"), e.getMessage());
        assertTrue(ProcessHandle.current().children().noneMatch(p -> p.info().command().orElse("").endsWith("sleep")),
                "the engine that never answered is stopped");
    }

    /** An executable that answers --version as Dynoxide does and runs {@code serve} for anything else. */
    private static Path fakeEngine(Path dir, String serve) throws Exception {
        Path engine = Files.writeString(dir.resolve("dynoxide"),
                "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'dynoxide 0.0.0'; exit 0; fi\n" + serve + "\n");
        assertTrue(engine.toFile().setExecutable(true));
        return engine;
    }

    private static LocalDynamoDb withEngine(Path binary, java.util.function.Supplier<LocalDynamoDb> start) {
        String previous = System.getProperty(DynoxideProcess.BINARY_PROPERTY);
        System.setProperty(DynoxideProcess.BINARY_PROPERTY, binary.toString());
        try {
            return start.get();
        } finally {
            if (previous == null) {
                System.clearProperty(DynoxideProcess.BINARY_PROPERTY);
            } else {
                System.setProperty(DynoxideProcess.BINARY_PROPERTY, previous);
            }
        }
    }

    @Test
    void missingEngineIsAClearError(@TempDir Path empty) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> withEngine(empty.resolve("dynoxide"),
                () -> LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults())));

        assertTrue(e.getMessage().contains("./mvnw -pl local/dynoxide package"), e.getMessage());
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
