package dev.orders.http.support;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.privilege.FunctionPolicyTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link FunctionPolicyTest} of an HTTP API function. Its SnapStart priming counts too: in AWS it reads the
 * table with the function's role before the snapshot, and an AccessDenied there would only be logged, the
 * first requests silently slower. So it runs here, through the function's recorded client, before the check.
 */
@ExtendWith(DynamoDbExtension.class)
public abstract class ApiFunctionPolicyTest extends FunctionPolicyTest {
    private final Class<? extends ApiFunction> function;

    protected ApiFunctionPolicyTest(Class<? extends ApiFunction> function) {
        super(function);
        this.function = function;
    }

    @BeforeEach
    protected void primeAsLambdaDoesBeforeASnapStartSnapshot(TestTable table) {
        Api.services(new Fixture(table), function).storePriming().beforeCheckpoint(null);
    }
}
