package dev.orders.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The core decides; adapters talk to AWS. A class of the core that reaches an AWS type fails here.
 * ArchUnit also fails a rule that found no class to check, so an empty import cannot pass.
 */
class CoreIsPureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.orders.core");

    @Test
    void theCoreDependsOnNoAwsType() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("software.amazon..", "com.amazonaws..")
                .because("the core holds the rules of the service, with no AWS type; adapters hold those")
                .check(CORE);
    }

    @Test
    void theCoreDependsOnNoAdapter() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("dev.orders.dynamodb..", "dev.orders.http..", "dev.orders.functions..")
                .check(CORE);
    }
}
