package dev.orders.http.support;

import dev.orders.dynamodb.support.Fixture;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What an HTTP sample of events/ is sent to and answered: the state of the table it names ({@link Seeds}) and
 * its success status. Stated once, here, for every test that runs the samples (the response contract, the
 * jars); a sample of events/ without its scene fails them all, naming it.
 */
public record SampleScene(String sample, Consumer<Fixture> seed, int status) {
    private static final Map<String, SampleScene> BY_SAMPLE = byName(
            new SampleScene("customer-profile/get-customer", Seeds.CUSTOMER, 200),
            new SampleScene("customer-profile/put-customer", Seeds.CUSTOMER, 200),
            new SampleScene("customer-profile/put-customer-if-absent", Seeds.NOTHING, 201),
            new SampleScene("product-catalog/get-product", Seeds.CATALOGUE, 200),
            new SampleScene("product-catalog/put-product", Seeds.NOTHING, 201),
            new SampleScene("create-order/create-order", Seeds.CATALOGUE, 201),
            new SampleScene("change-order/add-item", Seeds.ORDER, 201),
            new SampleScene("change-order/change-item-status", Seeds.PAID, 200),
            new SampleScene("change-order/change-status", Seeds.ORDER, 200),
            new SampleScene("change-order/delete-item", Seeds.ORDER, 204),
            new SampleScene("change-order/mark-paid", Seeds.ORDER, 200),
            new SampleScene("change-order/resolve-payment-issue", Seeds.OPEN_ISSUE, 200),
            new SampleScene("change-order/resolve-unknown-order-issue", Seeds.UNKNOWN_ORDER_ISSUE, 200),
            new SampleScene("payment-webhook/payment-succeeded", Seeds.AWAITING_PAYMENT, 200),
            new SampleScene("payment-webhook/payment-unknown-order", Seeds.NOTHING, 200),
            new SampleScene("payment-webhook/refund-succeeded", Seeds.PAID, 200),
            new SampleScene("payment-webhook/refund-duplicate-charge", Seeds.DUPLICATE_CHARGE, 200),
            new SampleScene("payment-webhook/refund-unmatched", Seeds.PAID, 200),
            new SampleScene("query-orders/get-order", Seeds.LIFECYCLE, 200),
            new SampleScene("query-orders/get-order-by-id", Seeds.LIFECYCLE, 200),
            new SampleScene("query-orders/get-order-history", Seeds.LIFECYCLE, 200),
            new SampleScene("query-orders/get-order-history-by-id", Seeds.LIFECYCLE, 200),
            new SampleScene("query-orders/get-order-item", Seeds.LIFECYCLE, 200),
            new SampleScene("query-orders/list-customer-orders", Seeds.ORDER, 200),
            new SampleScene("query-orders/list-orders", Seeds.ORDER, 200),
            new SampleScene("query-orders/list-payment-issues", Seeds.LIFECYCLE, 200));

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
        if (scene == null) {
            throw new IllegalStateException("events/" + sample + ".json has no scene: state the table it names and its "
                    + "status in " + SampleScene.class.getName());
        }
        return scene;
    }

    /** The samples a scene is stated for, sorted: exactly {@link SampleEvents#names()}, or a scene outlived its sample. */
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
