package dev.orders.functions.orderstatus;

import dev.orders.local.DynamoDbLocalExtension;
import dev.orders.local.TestTable;
import dev.orders.model.support.Api;
import dev.orders.model.support.Fixture;
import dev.orders.model.support.TemplateContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbLocalExtension.class)
class OrderStatusFunctionContractTest {

    @Test
    void templateDeclaresThisHandlerWithExactlyTheRoutesItAnswers(TestTable table) {
        TemplateContract.assertDeployedAsDeclared(new OrderStatusFunction(Api.services(new Fixture(table))));
    }
}
