package dev.orders.http;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The HTTP adapter works with the core's values and the DynamoDB adapter's repositories; no SDK
 * type crosses into it. Only the wiring builds the SDK client a function runs with.
 */
class AdapterBoundaryTest {
    private static final JavaClasses HTTP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.orders.http");

    @Test
    void onlyTheWiringOfTheHttpAdapterTouchesTheAwsSdk() {
        noClasses().that().resideOutsideOfPackage("dev.orders.http.wiring..")
                .should().dependOnClassesThat().resideInAnyPackage("software.amazon.awssdk..")
                .check(HTTP);
    }
}
