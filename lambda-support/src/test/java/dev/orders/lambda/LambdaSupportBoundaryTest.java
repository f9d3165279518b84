package dev.orders.lambda;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * What every function shares knows no HTTP and no table: a function that is neither (the stream
 * publisher) carries this module without the router, the event codec or the DynamoDB adapter.
 */
class LambdaSupportBoundaryTest {
    private static final JavaClasses LAMBDA = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.orders.lambda");

    @Test
    void noClassDependsOnTheHttpOrDynamoDbAdaptersOrOnEventTypes() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "dev.orders.http..", "dev.orders.dynamodb..", "dev.orders.core..",
                        "com.amazonaws.services.lambda.runtime.events..",
                        "software.amazon.awssdk.services.dynamodb..")
                .check(LAMBDA);
    }
}
