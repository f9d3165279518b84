package dev.orders.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layers of the service, all in one place. The core decides and depends on nothing of ours; the
 * application layer (use cases over ports) depends on the core alone; the adapters (DynamoDB, HTTP) on
 * both, never on each other; Lambda plumbing knows neither adapter; the wiring puts the application and
 * the DynamoDB adapter together for the functions, which only route requests to use cases. ArchUnit
 * fails a rule that checks no class, so an empty import cannot pass.
 */
class LayersTest {
    private static final JavaClasses SERVICE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.orders.core", "dev.orders.application", "dev.orders.dynamodb", "dev.orders.http",
                    "dev.orders.routes", "dev.orders.lambda", "dev.orders.wiring", "dev.orders.functions");

    @Test
    void eachLayerDependsOnlyOnTheLayersBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Core").definedBy("dev.orders.core..")
                .layer("Application").definedBy("dev.orders.application..")
                .layer("DynamoDB adapter").definedBy("dev.orders.dynamodb..")
                .layer("HTTP adapter").definedBy("dev.orders.http..", "dev.orders.routes..")
                .layer("Lambda plumbing").definedBy("dev.orders.lambda..")
                .layer("Wiring").definedBy("dev.orders.wiring..")
                .layer("Functions").definedBy("dev.orders.functions..")
                .whereLayer("Functions").mayNotBeAccessedByAnyLayer()
                .whereLayer("Wiring").mayOnlyBeAccessedByLayers("Functions")
                .whereLayer("HTTP adapter").mayOnlyBeAccessedByLayers("Functions")
                .whereLayer("DynamoDB adapter").mayOnlyBeAccessedByLayers("Wiring", "Functions")
                .whereLayer("Lambda plumbing").mayOnlyBeAccessedByLayers("HTTP adapter", "Wiring", "Functions")
                .whereLayer("Application").mayOnlyBeAccessedByLayers("DynamoDB adapter", "HTTP adapter", "Wiring",
                        "Functions")
                .whereLayer("Core").mayOnlyBeAccessedByLayers("Application", "DynamoDB adapter", "HTTP adapter",
                        "Wiring", "Functions")
                .check(SERVICE);
    }

    @Test
    void theCoreAndTheApplicationLayerKnowNoAwsTypeAndNoFramework() {
        noClasses().that().resideInAnyPackage("dev.orders.core..", "dev.orders.application..")
                .should().dependOnClassesThat().resideInAnyPackage("software.amazon..", "com.amazonaws..",
                        "com.fasterxml..", "org.slf4j..", "org.crac..")
                .because("the rules of the service and its use cases run, and are tested, without AWS")
                .check(SERVICE);
    }

    @Test
    void onlyTheStreamPublisherAmongTheFunctionsReadsTheTablesItems() {
        noClasses().that().resideInAPackage("dev.orders.functions..")
                .and().resideOutsideOfPackage("dev.orders.functions.publishevents..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.orders.dynamodb..",
                        "software.amazon.awssdk.services.dynamodb..")
                .because("HTTP functions reach the store through use cases and ports; the publisher reads stream images")
                .check(SERVICE);
    }

    @Test
    void theHttpAdapterTouchesNoSdkAndLambdaPlumbingNoEventType() {
        noClasses().that().resideInAPackage("dev.orders.http..")
                .should().dependOnClassesThat().resideInAnyPackage("software.amazon.awssdk..")
                .check(SERVICE);
        noClasses().that().resideInAPackage("dev.orders.lambda..")
                .should().dependOnClassesThat().resideInAnyPackage("com.amazonaws.services.lambda.runtime.events..",
                        "software.amazon.awssdk.services.dynamodb..")
                .check(SERVICE);
    }
}
