package dev.orders.localaws;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;

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
