package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpServer;
import dev.orders.local.lambda.UnhandledError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * --debug-function's function, invoked through its own JVM's Invoke API: its response, its unhandled error as that
 * JVM answered it, and, while that JVM waits for a debugger (its port not yet open), an invocation that waits too.
 */
class DebuggedFunctionTest {

    /** A stand-in for the debugged JVM's Invoke API: answers every invocation with {@code status} headers and body. */
    private static HttpServer invokeApi(int port, String errorHeader, String body) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/2015-03-31/functions/CreateOrderFunction/invocations", exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (errorHeader != null) {
                exchange.getResponseHeaders().set("X-Amz-Function-Error", errorHeader);
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return server;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Test
    void theResponseIsTheFunctionsAndItsUnhandledErrorIsAnsweredAsThatJvmAnsweredIt() throws Exception {
        int port = freePort();
        HttpServer server = invokeApi(port, null, "{\"statusCode\":201}");
        try {
            assertArrayEquals("{\"statusCode\":201}".getBytes(StandardCharsets.UTF_8),
                    new DebuggedFunction("CreateOrderFunction", port).invoke("{}".getBytes(StandardCharsets.UTF_8), "r-1"));
        } finally {
            server.stop(0);
        }
        HttpServer failing = invokeApi(port, "Unhandled",
                "{\"errorMessage\":\"boom\",\"errorType\":\"java.lang.IllegalStateException\",\"stackTrace\":[\"a.B.c(B.java:1)\"]}");
        try {
            UnhandledError.Elsewhere thrown = assertThrows(UnhandledError.Elsewhere.class,
                    () -> new DebuggedFunction("CreateOrderFunction", port).invoke("{}".getBytes(StandardCharsets.UTF_8), "r-2"));
            assertEquals(new UnhandledError("boom", "java.lang.IllegalStateException", List.of("a.B.c(B.java:1)")),
                    UnhandledError.of(thrown));
        } finally {
            failing.stop(0);
        }
    }

    @Test
    void anInvocationWaitsWhileTheDebuggedJvmIsNotYetListeningThenRuns() throws Exception {
        int port = freePort();
        CountDownLatch waiting = new CountDownLatch(1);
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] bytes, int offset, int length) {
                super.write(bytes, offset, length);
                if (toString(StandardCharsets.UTF_8).contains("CreateOrderFunction: invocation r-3 waits until a debugger"
                        + " attached to its JVM")) {
                    waiting.countDown();
                }
            }
        }, true, StandardCharsets.UTF_8));
        HttpServer server = null;
        try {
            CompletableFuture<byte[]> invocation = CompletableFuture.supplyAsync(() -> {
                try {
                    return new DebuggedFunction("CreateOrderFunction", port).invoke("{}".getBytes(StandardCharsets.UTF_8), "r-3");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            waiting.await();
            server = invokeApi(port, null, "{\"statusCode\":200}");
            assertArrayEquals("{\"statusCode\":200}".getBytes(StandardCharsets.UTF_8), invocation.get());
        } finally {
            System.setErr(stderr);
            if (server != null) {
                server.stop(0);
            }
        }
    }
}
