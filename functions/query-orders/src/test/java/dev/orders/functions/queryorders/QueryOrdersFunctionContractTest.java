package dev.orders.functions.queryorders;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.TemplateContract;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbExtension.class)
class QueryOrdersFunctionContractTest {

    @Test
    void templateDeclaresThisHandlerWithExactlyTheRoutesItAnswers(TestTable table) {
        TemplateContract.assertDeployedAsDeclared(
                new QueryOrdersFunction(Api.services(new Fixture(table), QueryOrdersFunction.class)));
    }
}
