package dev.orders.bench;

import dev.orders.local.lambda.LambdaFunction;
import dev.orders.localaws.template.SamTemplate;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs in a fresh JVM: loads one function's deployment jar in its own class loader (as the Lambda
 * runtime does), initialises the handler, answers one event, and prints the time since JVM start.
 * Usage: {@code ColdStartProbe LOGICAL_ID HANDLER JAR EVENT_FILE TIMEOUT_SECONDS MEMORY_MB}; environment as
 * the function's.
 */
public final class ColdStartProbe {
    private ColdStartProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[2]).toAbsolutePath();
        SamTemplate.Function function = new SamTemplate.Function(args[0], args[1], jar.getFileName().toString(),
                List.of(), List.of(), List.of(), Map.of(), Duration.ofSeconds(Long.parseLong(args[4])), Integer.parseInt(args[5]));
        byte[] response;
        try (LambdaFunction lambda = new LambdaFunction(function, jar.getParent())) {
            response = lambda.invoke(Files.readAllBytes(Path.of(args[3])), "cold-start-probe");
        }
        long respondedAt = System.currentTimeMillis();
        // Classes logged after this line (the JVM's start time read below, through JMX) were not needed to respond.
        System.out.println(ClassLoads.RESPONDED);
        long sinceJvmStart = respondedAt - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("first-response-ms=" + sinceJvmStart + " response=" + new String(response, java.nio.charset.StandardCharsets.UTF_8)
                .replaceAll("\\s+", " ").substring(0, Math.min(120, response.length)));
        System.exit(0);
    }
}
