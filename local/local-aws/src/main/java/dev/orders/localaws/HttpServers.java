package dev.orders.localaws;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** The JDK's HTTP server, as every server of the local runtime (the HTTP API, the event bus) creates it. */
public final class HttpServers {
    private HttpServers() {
    }

    public static HttpServer create(InetSocketAddress address, int backlog) throws IOException {
        // Without TCP_NODELAY, headers and body go out as two segments and the client's delayed ACK adds
        // ~40 ms to many exchanges. The JDK reads it once, when its first server is made in this JVM: whichever
        // server starts first must have set it.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        return HttpServer.create(address, backlog);
    }

    /** A server answering every path with {@code handler}, on {@code threads} daemon threads named {@code threadName}. */
    public static Serving serve(InetSocketAddress address, int threads, String threadName, HttpHandler handler)
            throws IOException {
        HttpServer server = create(address, 64);
        ExecutorService executor = Executors.newFixedThreadPool(threads, r -> {
            Thread thread = new Thread(r, threadName);
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", handler);
        server.start();
        return new Serving(server, executor);
    }

    /** A started server and the threads its exchanges run on; stopped in two steps, so that work may drain between them. */
    public record Serving(HttpServer server, ExecutorService executor) {
        public InetSocketAddress address() {
            return server.getAddress();
        }

        /** Takes no more exchanges; those running go on. */
        public void stopAccepting() {
            server.stop(0);
        }

        /** Interrupts the exchanges still running and waits for them at most 2 s. */
        public void stopThreads() {
            executor.shutdownNow();
            try {
                executor.awaitTermination(Duration.ofSeconds(2).toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Keeps at most {@code limit} bytes of a request body (a longer one is then refused as too large) but reads
     * the rest too, so the client, still sending, gets the refusal rather than a reset connection.
     */
    public static byte[] readAtMost(InputStream in, int limit) throws IOException {
        byte[] kept = in.readNBytes(limit);
        in.transferTo(OutputStream.nullOutputStream());
        return kept;
    }

    /** Sends {@code status} with {@code body}, or with no body at all when it is empty or {@code headersOnly}. */
    public static void send(HttpExchange exchange, int status, byte[] body, boolean headersOnly) throws IOException {
        boolean empty = body.length == 0 || headersOnly;
        exchange.sendResponseHeaders(status, empty ? -1 : body.length);
        if (!empty) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
