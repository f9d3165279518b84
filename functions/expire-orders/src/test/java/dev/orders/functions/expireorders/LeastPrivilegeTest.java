package dev.orders.functions.expireorders;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.privilege.FunctionPolicyTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * ExpireOrdersFunction's Policies in template.yaml grant exactly what this module's tests called (run after them),
 * its SnapStart priming included: in AWS it reads the table with the function's role before the snapshot.
 */
@ExtendWith(DynamoDbExtension.class)
class LeastPrivilegeTest extends FunctionPolicyTest {
    LeastPrivilegeTest() {
        super(ExpireOrdersFunction.class);
    }

    @BeforeEach
    void primeAsLambdaDoesBeforeASnapStartSnapshot(TestTable table) {
        Sweeps.services(new Fixture(table)).storePriming().beforeCheckpoint(null);
    }
}
