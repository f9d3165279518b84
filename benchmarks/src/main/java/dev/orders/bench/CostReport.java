package dev.orders.bench;

import dev.orders.lambda.aws.SecretSource;
import dev.orders.localaws.template.SamTemplate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/** Section 11's tables: the lives of {@link OrderCost} priced at {@link AwsPrices}, by service, by route, by index. */
final class CostReport {
    private static final double GB = 1024.0 * 1024 * 1024;
    private static final double MINUTES_A_MONTH = 30 * 24 * 60;

    private final AwsPrices prices;
    private final SamTemplate template;

    CostReport(AwsPrices prices, SamTemplate template) {
        this.prices = prices;
        this.template = template;
    }

    /** What {@code usage} costs, by service, in US dollars. */
    Map<String, Double> bill(Usage usage) {
        Map<String, Double> bill = new LinkedHashMap<>();
        bill.put("DynamoDB writes", prices.price("dynamodb.write").of(usage.writes()));
        bill.put("DynamoDB reads", prices.price("dynamodb.read").of(usage.reads()));
        bill.put("Lambda requests", prices.price("lambda.requests").of(usage.invocations()));
        bill.put("Lambda duration", usage.gbSeconds().entrySet().stream()
                .mapToDouble(e -> prices.price("lambda.duration." + e.getKey()).of(e.getValue())).sum());
        bill.put("HTTP API requests", prices.price("apigateway.http").of(usage.apiRequests()));
        bill.put("EventBridge events", prices.price("eventbridge.custom").of(usage.events()));
        bill.put("CloudWatch Logs ingestion", prices.price("cloudwatch.logs.ingestion").of(usage.logged() / GB));
        return bill;
    }

    double total(Usage usage) {
        return bill(usage).values().stream().mapToDouble(Double::doubleValue).sum();
    }

    void write(Report report, OrderLife paid, OrderLife expired, OrderLife emptySweep,
               OrderCost.Lives lives, Map<String, Integer> secretCalls, Set<String> metrics) {
        Usage paidOrder = paid.usage();
        Usage expiredOrder = expired.usage();
        Usage mix = paidOrder.times(OrderCost.PAID_SHARE).plus(expiredOrder.times(1 - OrderCost.PAID_SHARE));
        report.line(String.format(Locale.ROOT, "Two lives of an order, run through the functions as deployed (their "
                + "handlers, in this JVM, with the HTTP API's events as start-api makes them) against the engine, "
                + "each event they write published from the table's stream by the publisher's handler, as sam-local runs "
                + "it; the mean of %d order(s) of each after %d not counted. **Paid**: created with 2 lines (an "
                + "Idempotency-Key), a line added and removed, checked out, captured by the payment webhook, read by its "
                + "customer, found by the back office in the PAID feed, each line picked then shipped, a partial refund "
                + "by the webhook. **Expired**: created with 2 lines, checked out, closed by the payment window's sweep "
                + "(the schedule's handler on a clock past the window). Products stocked (each order reserves, "
                + "sells or releases). Billed with the list prices of `benchmarks/src/main/resources/%s` (%s, taken %s): "
                + "DynamoDB request units as the engine reports them (`ReturnConsumedCapacity=INDEXES`, indexes "
                + "included), Lambda requests and duration (billed per ms, rounded up, at each function's MemorySize and "
                + "Architectures in the template, %s), HTTP API requests, EventBridge events (the entries the publisher "
                + "puts), CloudWatch Logs ingestion (the bytes of the lines the functions wrote, measured, Lambda's "
                + "START/END/REPORT lines as sam-local writes them, and the HTTP API's access log line in the "
                + "template's format; a line is a log event, its newline not counted). Warm instances: no init "
                + "billed, no secret read per order (below). Log level: %s. Mix: %.0f%% paid, %.0f%% expired.%n",
                lives.measured(), lives.warmUp(), AwsPrices.FILE, prices.region(), prices.taken(),
                architectures(), logLevel(), OrderCost.PAID_SHARE * 100, (1 - OrderCost.PAID_SHARE) * 100));
        byService(report, paidOrder, expiredOrder, mix);
        report.line("");
        byRoute(report, paid, expired, mix);
        report.line("");
        byStep(report, "Paid", paid.lines());
        report.line("");
        byStep(report, "Expired", expired.lines());
        report.line("");
        floor(report, paid, expired, mix);
        report.line("");
        logs(report, paidOrder, expiredOrder);
        report.line("");
        fixed(report, emptySweep.usage(), secretCalls, metrics);
    }

    private void byService(Report report, Usage paid, Usage expired, Usage mix) {
        Map<String, Double> paidBill = bill(paid);
        Map<String, Double> expiredBill = bill(expired);
        Map<String, Double> mixBill = bill(mix);
        Map<String, Function<Usage, String>> quantities = new LinkedHashMap<>();
        quantities.put("DynamoDB writes", u -> Report.num(u.writes()) + " WRU");
        quantities.put("DynamoDB reads", u -> Report.num(u.reads()) + " RRU");
        quantities.put("Lambda requests", u -> Report.num(u.invocations()));
        quantities.put("Lambda duration", u -> String.format(Locale.ROOT, "%.0f ms, %.4f GB-s", u.billedMillis(),
                u.gbSeconds().values().stream().mapToDouble(Double::doubleValue).sum()));
        quantities.put("HTTP API requests", u -> Report.num(u.apiRequests()));
        quantities.put("EventBridge events", u -> String.format(Locale.ROOT, "%s (%,.0f bytes)", Report.num(u.events()),
                u.eventBytes()));
        quantities.put("CloudWatch Logs ingestion", u -> String.format(Locale.ROOT, "%,.0f bytes", u.logged()));
        List<List<String>> rows = new ArrayList<>();
        for (String service : paidBill.keySet()) {
            rows.add(List.of(service, quantities.get(service).apply(paid), quantities.get(service).apply(expired),
                    usd(paidBill.get(service) * 1000), usd(expiredBill.get(service) * 1000),
                    usd(mixBill.get(service) * 1000), monthly(mixBill.get(service) * OrderCost.MONTHLY_ORDERS)));
        }
        rows.add(List.of("**total**", "", "", bold(usd(total(paid) * 1000)), bold(usd(total(expired) * 1000)),
                bold(usd(total(mix) * 1000)), bold(monthly(total(mix) * OrderCost.MONTHLY_ORDERS))));
        report.table(List.of("service", "a paid order", "an expired order", "USD per 1,000 paid", "USD per 1,000 expired",
                "USD per 1,000 orders (mix)", "USD a month at 1,000,000 orders"), rows);
    }

    /** Each route or trigger's part of the bill, over both lives in the mix. */
    private void byRoute(Report report, OrderLife paid, OrderLife expired, Usage mix) {
        Map<String, Usage> paidRoutes = byServed(paid);
        Map<String, Usage> expiredRoutes = byServed(expired);
        Set<String> routes = new LinkedHashSet<>(paidRoutes.keySet());
        routes.addAll(expiredRoutes.keySet());
        double all = total(mix);
        List<List<String>> rows = new ArrayList<>();
        for (String served : routes) {
            Usage ofPaid = paidRoutes.getOrDefault(served, Usage.NONE);
            Usage ofExpired = expiredRoutes.getOrDefault(served, Usage.NONE);
            double dollars = total(ofPaid.times(OrderCost.PAID_SHARE).plus(ofExpired.times(1 - OrderCost.PAID_SHARE)));
            rows.add(List.of(served.contains("→") ? served : "`" + served + "`", Report.num(ofPaid.invocations()),
                    Report.num(ofExpired.invocations()), usd(dollars * 1000), monthly(dollars * OrderCost.MONTHLY_ORDERS),
                    String.format(Locale.ROOT, "%.0f%%", 100 * dollars / all)));
        }
        report.line("By route or trigger (invocations per order; the mix's bill):\n");
        report.table(List.of("route or trigger", "paid order", "expired order", "USD per 1,000 orders",
                "USD a month at 1,000,000 orders", "share"), rows);
    }

    private static Map<String, Usage> byServed(OrderLife life) {
        Map<String, Usage> byServed = new LinkedHashMap<>();
        life.lines().forEach(line -> byServed.merge(line.served(), line.usage(), Usage::plus));
        return byServed;
    }

    private void byStep(Report report, String life, List<OrderLife.Line> lines) {
        List<List<String>> rows = new ArrayList<>();
        for (OrderLife.Line line : lines) {
            Usage u = line.usage();
            rows.add(List.of(line.step(), line.served().contains("→") ? line.served() : "`" + line.served() + "`", Report.num(u.invocations()),
                    String.format(Locale.ROOT, "%.1f", u.billedMillis()), Report.num(u.reads()), units(u.writeUnits()),
                    String.format(Locale.ROOT, "%,.0f", u.logged()), Report.num(u.events()),
                    usd(total(u) * 1000)));
        }
        Usage all = lines.stream().map(OrderLife.Line::usage).reduce(Usage.NONE, Usage::plus);
        rows.add(List.of("**" + life.toLowerCase(Locale.ROOT) + " order**", "", Report.num(all.invocations()),
                String.format(Locale.ROOT, "%.1f", all.billedMillis()), Report.num(all.reads()), units(all.writeUnits()),
                String.format(Locale.ROOT, "%,.0f", all.logged()), Report.num(all.events()), bold(usd(total(all) * 1000))));
        report.line(life + " order, step by step (the publication of all its events last):\n");
        report.table(List.of("step", "route or trigger", "invocations", "Lambda ms billed", "RRU", "WRU (table + indexes)",
                "log bytes", "events", "USD per 1,000 orders"), rows);
    }

    /** Measured writes beside the floor of {@link WriteFloor}, and the bill were they at it. */
    private void floor(Report report, OrderLife paid, OrderLife expired, Usage mix) {
        Usage paidUsage = paid.usage();
        Usage expiredUsage = expired.usage();
        WriteFloor mixFloor = paid.floor().times(OrderCost.PAID_SHARE).plus(expired.floor().times(1 - OrderCost.PAID_SHARE));
        List<List<String>> rows = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(paidUsage.writeUnits().keySet());
        names.addAll(expiredUsage.writeUnits().keySet());
        for (String name : names) {
            rows.add(List.of("measured: " + name, Report.num(paidUsage.writeUnits().getOrDefault(name, 0.0)),
                    Report.num(expiredUsage.writeUnits().getOrDefault(name, 0.0)), ""));
        }
        rows.add(List.of("**measured**", bold(Report.num(paidUsage.writes())), bold(Report.num(expiredUsage.writes())),
                bold(usd(prices.price("dynamodb.write").of(mix.writes()) * 1000))));
        Map<String, Function<WriteFloor, Double>> parts = new LinkedHashMap<>();
        parts.put("floor: an event row a version (transactional, 2 a KB)", WriteFloor::events);
        parts.put("floor: the root, once a change (2 a KB)", WriteFloor::root);
        parts.put("floor: each line put, moved or removed (2 a KB)", WriteFloor::lines);
        parts.put("floor: the feeds' entries and the payment window's (1, 2 when the key moves)", WriteFloor::feeds);
        parts.forEach((part, value) -> rows.add(List.of(part, Report.num(value.apply(paid.floor())),
                Report.num(value.apply(expired.floor())), "")));
        rows.add(List.of("**floor**", bold(Report.num(paid.floor().total())), bold(Report.num(expired.floor().total())),
                bold(usd(prices.price("dynamodb.write").of(mixFloor.total()) * 1000))));
        rows.add(List.of("measured / floor", Report.ratio(paidUsage.writes() / paid.floor().total()),
                Report.ratio(expiredUsage.writes() / expired.floor().total()),
                Report.ratio(mix.writes() / mixFloor.total())));
        double atFloor = total(mix) - prices.price("dynamodb.write").of(mix.writes() - mixFloor.total());
        rows.add(List.of("the whole bill, the writes at the floor (USD per 1,000 orders)", "", "",
                usd(atFloor * 1000) + " (measured / that: " + Report.ratio(total(mix) / atFloor) + ")"));
        report.line("DynamoDB write request units beside the floor this data model allows, derived from the order's "
                + "event rows, root and lines read back after its life (`WriteFloor`): each version's event row and the "
                + "root once per change, committed together (transactional: 2 units a KB); each line the log put, moved "
                + "or removed (2 a KB); the root's entry in each of the three feeds (1 a write, 2 when its key moves) and "
                + "the payment window's entry, which the sweep reads. Not in the floor: what the guarantees add, the "
                + "Idempotency-Key's and the webhook's records, the payment window's row, the products' stock.\n");
        report.table(List.of("write request units", "a paid order", "an expired order", "USD per 1,000 orders (mix)"),
                rows);
    }

    private void logs(Report report, Usage paid, Usage expired) {
        TreeSet<String> kinds = new TreeSet<>(paid.logBytes().keySet());
        kinds.addAll(expired.logBytes().keySet());
        List<List<String>> rows = new ArrayList<>();
        for (String kind : kinds) {
            rows.add(List.of(kind, String.format(Locale.ROOT, "%,.0f", paid.logBytes().getOrDefault(kind, 0.0)),
                    String.format(Locale.ROOT, "%,.0f", expired.logBytes().getOrDefault(kind, 0.0))));
        }
        report.line("CloudWatch Logs bytes by kind of line:\n");
        report.table(List.of("lines", "paid order", "expired order"), rows);
    }

    private void fixed(Report report, Usage sweep, Map<String, Integer> secretCalls, Set<String> metrics) {
        Usage sweeps = sweep.times(MINUTES_A_MONTH);
        long secrets = template.functions().stream().flatMap(f -> f.environment().keySet().stream())
                .filter(name -> name.endsWith("_SECRET" + SecretSource.ID_SUFFIX)).distinct().count();
        double refreshes = MINUTES_A_MONTH / SecretSource.MAX_AGE.toMinutes();
        long alarmMetrics = alarmMetrics();
        List<List<String>> rows = List.of(
                List.of("the payment window's sweep, every minute, finding nothing due",
                        String.format(Locale.ROOT, "%,.0f invocations, %.1f ms billed, %s RRU, %,.0f log bytes each",
                                MINUTES_A_MONTH, sweep.billedMillis(), Report.num(sweep.reads()), sweep.logged()),
                        monthly(total(sweeps))),
                List.of("custom metrics the lives' metric lines define (a name with its dimensions' values; other "
                        + "routes add theirs)", metrics.size() + " metrics",
                        monthly(prices.price("cloudwatch.metrics").of(metrics.size()))),
                List.of("the template's alarms, priced by the metrics each watches (a metric math alarm's every metric)",
                        alarmMetrics + " alarm metrics", monthly(prices.price("cloudwatch.alarms").of(alarmMetrics))),
                List.of("secrets stored", secrets + " (the cursor key, the two webhooks' secrets)",
                        monthly(prices.price("secretsmanager.secret").of(secrets))),
                List.of("a warm instance reading a secret (the webhook's; query-orders' when a cursor is read)",
                        String.format(Locale.ROOT, "%,.0f GetSecretValue: one at its cold start, then one every %d minutes",
                                refreshes, SecretSource.MAX_AGE.toMinutes()),
                        monthly(prices.price("secretsmanager.api").of(refreshes))));
        report.line("Not per order, a month (30 days). Secrets Manager calls measured in this run: " + secretCalls
                + " (one instance of each function, each secret read on first use, then kept "
                + SecretSource.MAX_AGE.toMinutes() + " minutes).\n");
        report.table(List.of("what", "quantity", "USD a month"), rows);
    }

    /** CloudWatch bills an alarm per metric it watches: one, or each {@code MetricStat} of its metric math. */
    @SuppressWarnings("unchecked")
    private long alarmMetrics() {
        return ((Map<String, Object>) template.root().get("Resources")).values().stream()
                .map(resource -> (Map<String, Object>) resource)
                .filter(resource -> "AWS::CloudWatch::Alarm".equals(resource.get("Type")))
                .mapToLong(alarm -> {
                    Object metrics = ((Map<String, Object>) alarm.get("Properties")).get("Metrics");
                    return metrics instanceof List<?> list
                            ? list.stream().filter(m -> ((Map<String, Object>) m).containsKey("MetricStat")).count() : 1;
                }).sum();
    }

    /** The functions' Architectures and MemorySize, e.g. "every function arm64 at 1024 MB". */
    private String architectures() {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        template.functions().forEach(f -> groups.computeIfAbsent(MeteredFunctions.architecture(template, f) + " at "
                + f.memoryMb() + " MB", key -> new ArrayList<>()).add(f.logicalId()));
        return groups.size() == 1 ? "every function " + groups.keySet().iterator().next()
                : groups.entrySet().stream().map(e -> e.getKey() + ": " + String.join(", ", e.getValue()))
                .collect(java.util.stream.Collectors.joining("; "));
    }

    private static String logLevel() {
        for (String variable : List.of("POWERTOOLS_LOG_LEVEL", "AWS_LAMBDA_LOG_LEVEL", "LOG_LEVEL")) {
            String value = System.getenv(variable);
            if (value != null && !value.isEmpty()) {
                return variable + "=" + value;
            }
        }
        return "INFO (the template's LogLevel default; no level variable set)";
    }

    private static String units(Map<String, Double> byTableOrIndex) {
        double table = byTableOrIndex.getOrDefault("table", 0.0);
        double indexes = byTableOrIndex.values().stream().mapToDouble(Double::doubleValue).sum() - table;
        return Report.num(table) + " + " + Report.num(indexes);
    }

    /** US dollars per 1,000 orders: a tenth of a cent shows. */
    private static String usd(double dollars) {
        return String.format(Locale.ROOT, "%.4f", dollars);
    }

    /** US dollars a month. */
    private static String monthly(double dollars) {
        return String.format(Locale.ROOT, "%,.2f", dollars);
    }

    private static String bold(String text) {
        return "**" + text + "**";
    }
}
