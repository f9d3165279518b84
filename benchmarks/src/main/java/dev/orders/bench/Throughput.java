package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.baseline.RecordedRequests;
import dev.orders.core.order.Actors;
import dev.orders.core.order.OrderRequest;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.paymentwebhook.PaymentWebhookFunction;
import dev.orders.http.request.JsonBody;
import dev.orders.http.request.OrderRequests;
import dev.orders.http.stripe.StripeDelivery;
import dev.orders.http.stripe.StripeEvent;
import dev.orders.http.support.SampleEvents;
import dev.orders.local.api.LocalIssuer;
import dev.orders.local.cli.StripeSample;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Section 2: warm requests per second and latency per route through the local API (./sam-local
 * start-api: HTTP, API Gateway event, the function from its jar, DynamoDB), beside the raw SDK
 * making the same DynamoDB requests at the same concurrency, on the same Dynoxide.
 */
final class Throughput {
    private static final String TABLE = "orders-local";
    /** The amount of the Stripe sample's PaymentIntent, in cents. */
    private static final long STRIPE_AMOUNT = 3399;

    private Throughput() {
    }

    /** What one call sends besides the sample event's method and path: its headers and body (none for a GET). */
    private record Request(Map<String, String> headers, Optional<String> body) {
    }

    /**
     * A sample event's route called over HTTP with a {@code request} each call, and the DynamoDB requests it makes, made
     * with the SDK.
     */
    private record Route(String name, APIGatewayV2HTTPEvent event, Supplier<Request> request, Runnable sdk) {
    }

    static void run(LocalDynamoDb dynamo, Report report, Duration window, List<Integer> concurrency) throws Exception {
        Path root = RepositoryRoot.locate();
        // The secret the Stripe deliveries are signed with, which sam-local gives the function as the caller's (LOCAL.md).
        try (StartApi api = StartApi.start(Map.of("DYNAMODB_ENDPOINT", dynamo.endpoint().toString(),
                PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, BenchData.WEBHOOK_SECRET))) {
            int port = api.port();
            Fixture fx = BenchData.seed(dynamo.client(), TABLE);
            String token = LocalIssuer.load(root.resolve(LocalIssuer.KEY_FILE), LocalIssuer.url("127.0.0.1", port),
                    List.of(LocalIssuer.DEFAULT_AUDIENCE), Clock.systemUTC()).mint(BenchData.CUSTOMER, List.of(), Duration.ofHours(1));
            List<List<String>> rows = new ArrayList<>();
            DynamoDbClient sdk = dynamo.client();
            for (Route route : routes(dynamo, fx, sdk, token)) {
                String query = route.event().getRawQueryString();
                URL url = URI.create("http://127.0.0.1:" + port + route.event().getRawPath()
                        + (query == null || query.isEmpty() ? "" : "?" + query)).toURL();
                for (int threads : concurrency) {
                    Measured viaApi = measure(threads, window, () -> call(url, route));
                    Measured viaSdk = measure(threads, window, route.sdk());
                    rows.add(List.of(route.name(), Integer.toString(threads),
                            Report.num(Math.round(viaApi.perSecond())), Report.ms(viaApi.latency().median()),
                            Report.ms(viaApi.latency().percentile(99)),
                            Report.num(Math.round(viaSdk.perSecond())), Report.ms(viaSdk.latency().median()),
                            Report.ms(viaSdk.latency().percentile(99)),
                            Report.ratio(viaApi.perSecond() / viaSdk.perSecond()),
                            viaApi.perSecond() >= 0.8 * viaSdk.perSecond() ? "yes" : "no"));
                }
            }
            report.line(String.format(java.util.Locale.ROOT, "Each cell: %.1f s of closed-loop requests after a %.1f s "
                    + "warm-up, at the given number of concurrent clients. Local API: `./sam-local start-api` over HTTP "
                    + "with kept-alive HttpURLConnection clients (authorizer, API Gateway event, the function from its "
                    + "jar, up to 8 warm instances per function, Dynoxide), each route with its sample event's method, path, "
                    + "query and body; Stripe's webhook with a new delivery each call, as `generate-event stripe` makes it "
                    + "and Stripe sends it (its headers, signed then with `Stripe-Signature`): the sample of a "
                    + "PaymentIntent succeeded for no order, a fresh PaymentIntent each time, which the function records as "
                    + "money for no order in the PaymentIntent's own partition (an order to pay would have to be created "
                    + "for every call of a closed loop); each side makes its delivery within the timed call. Raw SDK: the "
                    + "same DynamoDB requests with the SDK in this JVM (for GET, those recorded from the function's handler "
                    + "answering the sample; for POST, which cannot create the same order twice, the function's own use "
                    + "case: the BatchGetItem of its products, then the transaction of root, history row and lines with "
                    + "their index keys; for the webhook, its own use case too, on the event of a new delivery: the Query "
                    + "of the PaymentIntent's partition, then the transaction that opens the payment issue there, with the "
                    + "event's processed record). Both share one machine with Dynoxide. Target: local API requests/s >= "
                    + "0.80 x raw SDK.%n",
                    window.toMillis() / 1000.0, window.toMillis() / 1000.0));
            report.table(List.of("route", "clients", "API req/s", "API p50", "API p99", "SDK req/s", "SDK p50", "SDK p99",
                    "ratio", ">= 0.80"), rows);
        }
    }

    /**
     * The routes, each a sample event: the GETs with the requests recorded from their handler, the POST with
     * {@code fx}'s {@code CreateOrder}, which reads and writes what the create-order function does, the same way, and
     * Stripe's webhook with the use case it runs, on {@code fx}'s store.
     */
    private static List<Route> routes(LocalDynamoDb dynamo, Fixture fx, DynamoDbClient sdk, String token) {
        List<Route> routes = new ArrayList<>();
        for (String sample : List.of("customer-profile/get-customer", "query-orders/get-order",
                "query-orders/list-customer-orders")) {
            APIGatewayV2HTTPEvent event = SampleEvents.load(sample);
            List<SdkRequest> requests = RequestRecorder.ofHandler(dynamo, fx, event);
            routes.add(new Route(name(event, requests), event, asCustomer(event, token),
                    () -> requests.forEach(request -> RecordedRequests.send(sdk, request))));
        }
        APIGatewayV2HTTPEvent create = SampleEvents.load("create-order/create-order");
        OrderRequest sameOrder = OrderRequests.orderRequest(BenchData.CUSTOMER, JsonBody.parse(Optional.of(create.getBody())));
        // The sample's body without its Idempotency-Key: each POST creates an order, as the raw SDK side does.
        routes.add(new Route(name(create, RequestRecorder.ofHandler(dynamo, fx, create)), create, asCustomer(create, token),
                () -> fx.createOrder.create(sameOrder, Optional.empty(), Actors.user(BenchData.CUSTOMER))));
        routes.add(stripeWebhook(dynamo, fx));
        return routes;
    }

    /** The sample event's body, if any, sent by the customer whose {@code token} it is. */
    private static Supplier<Request> asCustomer(APIGatewayV2HTTPEvent event, String token) {
        Map<String, String> headers = new LinkedHashMap<>(Map.of("Authorization", "Bearer " + token));
        Optional<String> body = Optional.ofNullable(event.getBody());
        body.ifPresent(json -> headers.put("Content-Type", "application/json"));
        Request request = new Request(Map.copyOf(headers), body);
        return () -> request;
    }

    /**
     * {@code POST /webhooks/stripe}: a new delivery of a PaymentIntent succeeded for no order each call, for a fresh
     * PaymentIntent, signed now; its raw SDK side reads the delivery's event as the function does and processes it with
     * Stripe's {@code ProcessPaymentEvent}, the function's use case, on {@code fx}'s store and the function's clock.
     */
    private static Route stripeWebhook(LocalDynamoDb dynamo, Fixture fx) {
        String sample = "stripe-payment-intent-no-order";
        APIGatewayV2HTTPEvent event = SampleEvents.fromJson(BenchData.signed(SampleEvents.json("payment-webhook/" + sample)));
        StripeSample noOrder = StripeSample.named(sample + ".json");
        Supplier<StripeSample.Delivery> deliveries = () -> noOrder.delivered(Optional.empty(), STRIPE_AMOUNT, "eur",
                Optional.empty(), BenchData.WEBHOOK_SECRET, Instant.now().getEpochSecond());
        ProcessPaymentEvent payments = new ProcessPaymentEvent(fx.store, Clock.systemUTC(), ProcessPaymentEvent.STRIPE_ACTOR);
        return new Route(name(event, RequestRecorder.ofHandler(dynamo, fx, event)), event, () -> {
            StripeSample.Delivery delivery = deliveries.get();
            return new Request(delivery.headers(), Optional.of(delivery.body()));
        }, () -> payments.process(((StripeDelivery.Payment) StripeDelivery.of(StripeEvent.read(
                JsonBody.parse(Optional.of(deliveries.get().body()))))).event()));
    }

    private static String name(APIGatewayV2HTTPEvent event, List<SdkRequest> requests) {
        return "`" + event.getRouteKey() + "` (" + RequestRecorder.operations(requests) + ")";
    }

    /**
     * One request with HttpURLConnection, on a kept-alive connection: the HTTP stack the raw SDK side's
     * url-connection client uses, and a cheap one, so the load generator takes little of the CPU it
     * shares with the local API (java.net.http.HttpClient took about four times as much per request).
     */
    private static void call(URL url, Route route) {
        try {
            Request request = route.request().get();
            HttpURLConnection connection = (HttpURLConnection) url.openConnection();
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(30_000);
            connection.setRequestMethod(route.event().getRequestContext().getHttp().getMethod());
            request.headers().forEach(connection::setRequestProperty);
            if (request.body().isPresent()) {
                connection.setDoOutput(true);
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(request.body().get().getBytes(StandardCharsets.UTF_8));
                }
            }
            int status = connection.getResponseCode();
            // Read to the end, so the connection goes back to the keep-alive cache.
            try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
                if (in != null) {
                    in.transferTo(OutputStream.nullOutputStream());
                }
            }
            if (status >= 300) {
                throw new IllegalStateException(route.name() + " answered " + status);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Measured(double perSecond, Stats latency) {
    }

    /** Closed loop: {@code threads} clients, each calling again as soon as it is answered. */
    private static Measured measure(int threads, Duration window, Runnable call) throws Exception {
        // As long as the window: at 4 and 8 clients new instances start (cold) during the warm-up.
        loop(threads, window, call);
        List<double[]> samples = loop(threads, window, call);
        int count = samples.stream().mapToInt(s -> s.length).sum();
        double[] all = new double[count];
        int i = 0;
        for (double[] sample : samples) {
            System.arraycopy(sample, 0, all, i, sample.length);
            i += sample.length;
        }
        return new Measured(count / (window.toNanos() / 1e9), Stats.of(all));
    }

    private static List<double[]> loop(int threads, Duration window, Runnable call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            long end = System.nanoTime() + window.toNanos();
            List<Future<double[]>> clients = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                clients.add(pool.submit(() -> {
                    double[] millis = new double[1024];
                    int n = 0;
                    // At least one call, however short the window.
                    do {
                        long start = System.nanoTime();
                        call.run();
                        if (n == millis.length) {
                            millis = java.util.Arrays.copyOf(millis, n * 2);
                        }
                        millis[n++] = (System.nanoTime() - start) / 1e6;
                    } while (System.nanoTime() < end);
                    return java.util.Arrays.copyOf(millis, n);
                }));
            }
            List<double[]> samples = new ArrayList<>();
            for (Future<double[]> client : clients) {
                samples.add(client.get());
            }
            return samples;
        } finally {
            pool.shutdownNow();
        }
    }
}
