package dev.orders.functions.productcatalog;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.TemplateContract;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbExtension.class)
class ProductCatalogFunctionContractTest {

    @Test
    void templateDeclaresThisHandlerWithExactlyTheRoutesItAnswers(TestTable table) {
        TemplateContract.assertDeployedAsDeclared(
                new ProductCatalogFunction(Api.services(new Fixture(table), ProductCatalogFunction.class)));
    }
}
