package dev.orders.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.orders.application.customer.violation.CustomerOfAPayment;
import dev.orders.application.payment.violation.PaymentOfACustomer;
import dev.orders.application.product.violation.ProductsTakingOrders;
import dev.orders.core.customer.violation.CustomerSettlingPayments;
import dev.orders.core.feed.violation.FeedOfAClock;
import dev.orders.core.stock.violation.AnUndrawnFeature;
import dev.orders.core.time.violation.ClockOfAFeed;
import dev.orders.functions.violation.HandlerCallingAPort;
import dev.orders.functions.violation.HandlerReadingTheTable;
import dev.orders.http.api.violation.ApiRenderingAView;
import dev.orders.http.violation.HttpBuildingAnSdkRequest;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each rule of {@link ArchitectureRules}, as the service is checked with it, fails on a deliberate violation:
 * fixture classes of this module's tests, in the packages the rule guards (the service's check imports no test
 * class), each named for what it does wrong. The failure report names the fixture.
 */
class ArchitectureRulesViolationTest {
    /** The rule, and the fixture classes that break it; the first is the one the report must name. */
    private static final Map<String, List<Class<?>>> VIOLATIONS = Map.of(
            "THE_CORES_FEATURES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN", List.of(CustomerSettlingPayments.class),
            "THE_CORES_FEATURES_ARE_FREE_OF_CYCLES", List.of(ClockOfAFeed.class, FeedOfAClock.class),
            "THE_APPLICATIONS_PACKAGES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN", List.of(ProductsTakingOrders.class),
            "THE_APPLICATIONS_PACKAGES_ARE_FREE_OF_CYCLES", List.of(PaymentOfACustomer.class, CustomerOfAPayment.class),
            "THE_HTTP_API_KNOWS_NO_VIEW_AND_THE_VIEWS_ONLY_THE_API_AND_REQUESTS", List.of(ApiRenderingAView.class),
            "THE_HTTP_FUNCTIONS_REACH_THE_TABLE_ONLY_THROUGH_USE_CASES_AND_THE_WIRING",
            List.of(HandlerReadingTheTable.class),
            "THE_FUNCTIONS_CALL_USE_CASES_NOT_PORTS", List.of(HandlerCallingAPort.class),
            "THE_HTTP_ADAPTER_TOUCHES_NO_SDK", List.of(HttpBuildingAnSdkRequest.class));

    static Stream<Arguments> violations() {
        return VIOLATIONS.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(violation -> Arguments.of(violation.getKey(), violation.getValue()));
    }

    @Test
    void everyRuleHasItsDeliberateViolation() {
        assertEquals(ArchitectureRules.ALL.keySet(), VIOLATIONS.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("violations")
    void theRuleFailsOnItsDeliberateViolationNamingIt(String name, List<Class<?>> fixture) {
        assertViolated(ArchitectureRules.ALL.get(name), fixture);
    }

    @Test
    void aFeaturePackageOfTheCoreTheGraphDoesNotDrawIsAViolation() {
        assertViolated(ArchitectureRules.THE_CORES_FEATURES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN,
                List.of(AnUndrawnFeature.class));
    }

    private static void assertViolated(ArchRule rule, List<Class<?>> fixture) {
        EvaluationResult result = rule.evaluate(new ClassFileImporter().importClasses(fixture));
        assertTrue(result.hasViolation(), () -> "no violation of " + rule.getDescription());
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(report.contains(fixture.get(0).getName()), report);
    }
}
