package dev.orders.functions.changeorder;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** Tests of the handler against the sample order of events/, in a fresh table of Dynoxide each. */
@ExtendWith(DynamoDbExtension.class)
abstract class SampleOrderTest {
    static final String CHANGE_STATUS = "change-order/change-status";
    static final String ADD_ITEM = "change-order/add-item";
    static final String DELETE_ITEM = "change-order/delete-item";
    /** An administrator's status change, on the back office's route by order id. */
    static final String ADMIN_STATUS = "change-order/mark-paid";
    static final String CHANGE_ITEM_STATUS = "change-order/change-item-status";
    Fixture fx;
    ChangeOrderFunction function;

    @BeforeEach
    void seedSampleOrder(TestTable table) {
        fx = new Fixture(table);
        function = new ChangeOrderFunction(Api.services(fx, ChangeOrderFunction.class));
        fx.seedSampleOrder();
    }
}
