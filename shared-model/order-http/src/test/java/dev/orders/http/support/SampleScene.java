package dev.orders.http.support;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.localaws.template.CloudFormationYaml;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What an HTTP sample of events/ is sent to and answered: the state of the table it names ({@link Seeds}) and
 * its success status. Stated once, here, for every test that runs the samples (the response contract, the
 * jars, the bench). A sample not stated here is sent to an order that went through its lifecycle
 * ({@link Seeds#LIFECYCLE}: every read finds something) and answered the one success status docs/openapi.yaml
 * gives its route; a sample that needs another table, or whose route documents more than one, is stated below.
 */
public record SampleScene(String sample, Consumer<Fixture> seed, int status) {
    private static final Map<String, SampleScene> BY_SAMPLE = byName(
            new SampleScene("customer-profile/get-customer", Seeds.CUSTOMER, 200),
            new SampleScene("customer-profile/put-customer", Seeds.CUSTOMER, 200),
            new SampleScene("customer-profile/put-customer-if-absent", Seeds.NOTHING, 201),
            new SampleScene("product-catalog/get-product", Seeds.CATALOGUE, 200),
            new SampleScene("product-catalog/put-product", Seeds.NOTHING, 201),
            new SampleScene("product-catalog/put-stock", Seeds.CATALOGUE, 200),
            new SampleScene("product-catalog/get-stock", Seeds.STOCKED, 200),
            new SampleScene("create-order/create-order", Seeds.CATALOGUE, 201),
            new SampleScene("change-order/add-item", Seeds.ORDER, 201),
            new SampleScene("change-order/change-item-status", Seeds.PAID, 200),
            new SampleScene("change-order/change-status", Seeds.ORDER, 200),
            new SampleScene("change-order/delete-item", Seeds.ORDER, 204),
            new SampleScene("change-order/hold-order", Seeds.PAID, 200),
            new SampleScene("change-order/mark-paid", Seeds.ORDER, 200),
            new SampleScene("change-order/resolve-payment-issue", Seeds.OPEN_ISSUE, 200),
            new SampleScene("change-order/resolve-unknown-order-issue", Seeds.UNKNOWN_ORDER_ISSUE, 200),
            new SampleScene("payment-webhook/payment-succeeded", Seeds.AWAITING_PAYMENT, 200),
            new SampleScene("payment-webhook/payment-unknown-order", Seeds.NOTHING, 200),
            new SampleScene("payment-webhook/refund-succeeded", Seeds.PAID, 200),
            new SampleScene("payment-webhook/refund-duplicate-charge", Seeds.DUPLICATE_CHARGE, 200),
            new SampleScene("payment-webhook/refund-unmatched", Seeds.PAID, 200),
            new SampleScene("payment-webhook/stripe-payment-intent-succeeded", Seeds.AWAITING_PAYMENT, 200),
            new SampleScene("payment-webhook/stripe-payment-intent-no-order", Seeds.NOTHING, 200),
            new SampleScene("payment-webhook/stripe-payment-intent-payment-failed", Seeds.ORDER, 200),
            new SampleScene("payment-webhook/stripe-checkout-session-completed", Seeds.AWAITING_PAYMENT, 200),
            new SampleScene("payment-webhook/stripe-checkout-session-async-payment-succeeded", Seeds.AWAITING_PAYMENT,
                    200),
            new SampleScene("payment-webhook/stripe-checkout-session-async-payment-failed", Seeds.ORDER, 200),
            new SampleScene("payment-webhook/stripe-checkout-session-expired", Seeds.AWAITING_PAYMENT, 200),
            new SampleScene("payment-webhook/stripe-charge-dispute-created", Seeds.PAID_BY_STRIPE, 200),
            new SampleScene("payment-webhook/stripe-charge-dispute-closed", Seeds.DISPUTED, 200),
            new SampleScene("payment-webhook/stripe-refund-created", Seeds.PAID_BY_STRIPE, 200),
            new SampleScene("payment-webhook/stripe-refund-updated", Seeds.PAID_BY_STRIPE, 200),
            new SampleScene("payment-webhook/stripe-charge-refunded", Seeds.PAID_BY_STRIPE, 200),
            new SampleScene("payment-webhook/stripe-refund-failed", Seeds.REFUNDED_BY_STRIPE, 200),
            new SampleScene("query-orders/list-customer-orders", Seeds.ORDER, 200),
            new SampleScene("query-orders/list-orders", Seeds.ORDER, 200));
    private static final Map<String, Object> OPEN_API = CloudFormationYaml.load(
            SampleEvents.repositoryRoot().resolve("docs/openapi.yaml"));

    /** The scene of every HTTP sample of events/, as {@link SampleEvents#names()} lists them. */
    public static List<SampleScene> all() {
        return SampleEvents.names().stream().map(SampleScene::of).toList();
    }

    /** The scene of every file of {@code events/<module>/}, listed from the directory. */
    public static List<SampleScene> ofModule(String module) {
        return SampleEvents.names(module).stream().map(SampleScene::of).toList();
    }

    public static SampleScene of(String sample) {
        SampleScene scene = BY_SAMPLE.get(sample);
        return scene != null ? scene : new SampleScene(sample, Seeds.LIFECYCLE, documentedSuccess(sample));
    }

    /** The one 2xx status docs/openapi.yaml gives the sample's route. */
    @SuppressWarnings("unchecked")
    private static int documentedSuccess(String sample) {
        String[] route = ((String) SampleEvents.json(sample).get("routeKey")).split(" ", 2);
        Map<String, Object> paths = (Map<String, Object>) OPEN_API.get("paths");
        Map<String, Object> operations = (Map<String, Object>) paths.getOrDefault(route[1], Map.of());
        Map<String, Object> operation = (Map<String, Object>) operations.getOrDefault(route[0].toLowerCase(Locale.ROOT), Map.of());
        List<String> successes = ((Map<String, Object>) operation.getOrDefault("responses", Map.of())).keySet().stream()
                .map(String::valueOf).filter(code -> code.startsWith("2")).toList();
        if (successes.size() != 1) {
            throw new IllegalStateException("events/" + sample + ".json: docs/openapi.yaml gives " + route[0] + " "
                    + route[1] + " the success statuses " + successes + ", not one: state its scene in "
                    + SampleScene.class.getName());
        }
        return Integer.parseInt(successes.get(0));
    }

    /** The samples a scene is stated for, sorted: each a sample of {@link SampleEvents#names()}, or a scene outlived its sample. */
    public static List<String> stated() {
        return List.copyOf(BY_SAMPLE.keySet());
    }

    /** The table as the sample names it, written on {@code fx}. */
    public Fixture seeded(Fixture fx) {
        seed.accept(fx);
        return fx;
    }

    @Override
    public String toString() {
        return sample;
    }

    private static Map<String, SampleScene> byName(SampleScene... scenes) {
        Map<String, SampleScene> byName = new TreeMap<>();
        Stream.of(scenes).forEach(scene -> byName.put(scene.sample(), scene));
        return byName;
    }
}
