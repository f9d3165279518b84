package dev.orders.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rule of {@link ArchitectureRules} holds on the production classes of every module of the service. */
class ArchitectureRulesTest {
    private static final JavaClasses SERVICE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.orders.core", "dev.orders.application", "dev.orders.dynamodb", "dev.orders.http",
                    "dev.orders.routes", "dev.orders.lambda", "dev.orders.wiring", "dev.orders.functions");

    static Stream<Arguments> rules() {
        return ArchitectureRules.ALL.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(rule -> Arguments.of(rule.getKey(), rule.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void theServiceKeepsTheRule(String name, ArchRule rule) {
        rule.check(SERVICE);
    }
}
