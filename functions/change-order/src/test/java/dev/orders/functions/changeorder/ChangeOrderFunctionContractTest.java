package dev.orders.functions.changeorder;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.TemplateContract;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbExtension.class)
class ChangeOrderFunctionContractTest {

    @Test
    void templateDeclaresThisHandlerWithExactlyTheRoutesItAnswers(TestTable table) {
        TemplateContract.assertDeployedAsDeclared(
                new ChangeOrderFunction(Api.services(new Fixture(table), ChangeOrderFunction.class)));
    }
}
