package dev.orders.functions.orderstatus;

import dev.orders.model.support.Api;
import dev.orders.model.support.Fixture;
import dev.orders.model.support.TemplateContract;
import dev.orders.testsupport.DynamoDbLocalExtension;
import dev.orders.testsupport.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbLocalExtension.class)
class OrderStatusFunctionContractTest {

    @Test
    void templateDeclaresThisHandlerWithExactlyTheRoutesItAnswers(TestTable table) {
        TemplateContract.assertDeployedAsDeclared(new OrderStatusFunction(Api.services(new Fixture(table))));
    }
}
