package dev.orders.functions.createorder;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.TemplateContract;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbExtension.class)
class CreateOrderFunctionContractTest {

    @Test
    void templateDeclaresThisHandlerWithExactlyTheRoutesItAnswers(TestTable table) {
        TemplateContract.assertDeployedAsDeclared(
                new CreateOrderFunction(Api.services(new Fixture(table), CreateOrderFunction.class)));
    }
}
