package dev.orders.functions.expireorders;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.privilege.PrivilegeRecorder;
import dev.orders.wiring.Services;
import java.util.Map;

/** The function as the template configures it, over a fixture's table, through a client whose calls are recorded. */
final class Sweeps {
    private Sweeps() {
    }

    /** The variables the template gives the function (PaymentWindowMinutes at its default), over the fixture's table. */
    static Map<String, String> environment(Fixture fx) {
        return Map.of(Services.TABLE_NAME, fx.table.tableName(),
                Services.STATUS_FEED_SHARDS, Integer.toString(fx.table.statusShards()),
                ExpireOrdersFunction.PAYMENT_WINDOW_MINUTES, "30");
    }

    /** The function's Services, its DynamoDB client recording every call with the permission it needs. */
    static Services services(Fixture fx) {
        Map<String, String> env = environment(fx);
        return Services.fromEnvironment(env, fx.testTable.newClient(PrivilegeRecorder.forHandler(ExpireOrdersFunction.class, env)));
    }

    static ExpireOrdersFunction function(Fixture fx) {
        return new ExpireOrdersFunction(services(fx), environment(fx));
    }
}
