package dev.orders.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rules that guard what the poms cannot: which modules may depend on which is the poms' (a module that
 * does not declare another cannot compile against it), so these rules state what lies inside a module, or
 * what a module reaches only through a dependency of a dependency. All of them here, each named for what it
 * guards; {@link ArchitectureRulesTest} checks them on the service, {@link ArchitectureRulesViolationTest}
 * shows each failing on a deliberate violation. ArchUnit fails a rule that checks no class, so an empty import
 * cannot pass.
 */
final class ArchitectureRules {
    /** The root package's classes, in a graph of packages. */
    static final String ROOT = "";

    /**
     * The core's features, each a package of dev.orders.core, and the features each may use: validation, time
     * and money are leaves (money validates); an order prices its lines from products.
     */
    static final Map<String, Set<String>> CORE_FEATURES = Map.of(
            "validation", Set.of(),
            "time", Set.of(),
            "money", Set.of("validation"),
            "order", Set.of("product", "money", "validation"),
            "product", Set.of("money", "validation"),
            "customer", Set.of("order", "validation"),
            "payment", Set.of("order", "money", "validation"),
            "feed", Set.of("time", "validation"));

    /**
     * The application layer's packages: every port in one, and the use cases of a feature, which use none of
     * another's; the order's, the payments' and the catalogue's (a product's stock) share the read-decide-commit
     * rounds of the root package.
     */
    static final Map<String, Set<String>> APPLICATION_PACKAGES = Map.of(
            ROOT, Set.of("port"),
            "port", Set.of(),
            "product", Set.of(ROOT, "port"),
            "customer", Set.of("port"),
            "order", Set.of(ROOT, "port"),
            "payment", Set.of(ROOT, "port"));

    /**
     * The HTTP adapter's packages: the API (codec, router, access rules, problems) knows no request reading and
     * no view; requests are read for the API; the views answer over both; Stripe's events are read as requests are.
     */
    static final Map<String, Set<String>> HTTP_PACKAGES = Map.of(
            "api", Set.of(),
            "request", Set.of("api"),
            "view", Set.of("api", "request"),
            "stripe", Set.of("request"));

    static final ArchRule THE_CORES_FEATURES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN =
            packagesDependOnlyAsDrawn("dev.orders.core", CORE_FEATURES);

    static final ArchRule THE_CORES_FEATURES_ARE_FREE_OF_CYCLES = slices().matching("dev.orders.core.(*)..")
            .should().beFreeOfCycles()
            .because("a feature that needs another's decision takes it as a value; it does not call back");

    static final ArchRule THE_APPLICATIONS_PACKAGES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN =
            packagesDependOnlyAsDrawn("dev.orders.application", APPLICATION_PACKAGES);

    static final ArchRule THE_APPLICATIONS_PACKAGES_ARE_FREE_OF_CYCLES =
            slices().matching("dev.orders.application.(*)..").should().beFreeOfCycles();

    static final ArchRule THE_HTTP_API_KNOWS_NO_VIEW_AND_THE_VIEWS_ONLY_THE_API_AND_REQUESTS =
            packagesDependOnlyAsDrawn("dev.orders.http", HTTP_PACKAGES);

    /** The functions get the DynamoDB adapter from the wiring's pom, so no pom stops them using it. */
    static final ArchRule THE_HTTP_FUNCTIONS_REACH_THE_TABLE_ONLY_THROUGH_USE_CASES_AND_THE_WIRING =
            noClasses().that().resideInAPackage("dev.orders.functions..")
                    .and().resideOutsideOfPackage("dev.orders.functions.publishevents..")
                    .should().dependOnClassesThat().resideInAnyPackage("dev.orders.dynamodb..",
                            "software.amazon.awssdk.services.dynamodb..")
                    .because("HTTP functions reach the store through use cases and ports; the publisher reads stream images");

    /** A function makes its use cases from the wiring's ports; reading or writing through one itself skips the use case. */
    static final ArchRule THE_FUNCTIONS_CALL_USE_CASES_NOT_PORTS =
            noClasses().that().resideInAPackage("dev.orders.functions..")
                    .should().callMethodWhere(JavaCall.Predicates.target(HasOwner.Predicates.With.<JavaClass>owner(
                            JavaClass.Predicates.resideInAPackage("dev.orders.application.port.."))))
                    .because("reads go through the application layer as writes do");

    /** order-http gets the SDK's core from lambda-support's pom, so no pom stops it building requests. */
    static final ArchRule THE_HTTP_ADAPTER_TOUCHES_NO_SDK =
            noClasses().that().resideInAPackage("dev.orders.http..")
                    .should().dependOnClassesThat().resideInAnyPackage("software.amazon.awssdk..")
                    .because("the DynamoDB adapter is the only module that builds SDK requests");

    /** Every rule, by its name, for the tests. */
    static final Map<String, ArchRule> ALL = Map.of(
            "THE_CORES_FEATURES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN", THE_CORES_FEATURES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN,
            "THE_CORES_FEATURES_ARE_FREE_OF_CYCLES", THE_CORES_FEATURES_ARE_FREE_OF_CYCLES,
            "THE_APPLICATIONS_PACKAGES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN",
            THE_APPLICATIONS_PACKAGES_DEPEND_ON_EACH_OTHER_ONLY_AS_DRAWN,
            "THE_APPLICATIONS_PACKAGES_ARE_FREE_OF_CYCLES", THE_APPLICATIONS_PACKAGES_ARE_FREE_OF_CYCLES,
            "THE_HTTP_API_KNOWS_NO_VIEW_AND_THE_VIEWS_ONLY_THE_API_AND_REQUESTS",
            THE_HTTP_API_KNOWS_NO_VIEW_AND_THE_VIEWS_ONLY_THE_API_AND_REQUESTS,
            "THE_HTTP_FUNCTIONS_REACH_THE_TABLE_ONLY_THROUGH_USE_CASES_AND_THE_WIRING",
            THE_HTTP_FUNCTIONS_REACH_THE_TABLE_ONLY_THROUGH_USE_CASES_AND_THE_WIRING,
            "THE_FUNCTIONS_CALL_USE_CASES_NOT_PORTS", THE_FUNCTIONS_CALL_USE_CASES_NOT_PORTS,
            "THE_HTTP_ADAPTER_TOUCHES_NO_SDK", THE_HTTP_ADAPTER_TOUCHES_NO_SDK);

    private ArchitectureRules() {
    }

    /**
     * The classes under {@code base} use another package of it only where {@code drawn} draws an edge from
     * their package; a package the graph does not name is a violation too, so a new one is drawn before use.
     */
    static ArchRule packagesDependOnlyAsDrawn(String base, Map<String, Set<String>> drawn) {
        return classes().that().resideInAPackage(base + "..")
                .should(new ArchCondition<JavaClass>("depend on the other packages of " + base + " only as drawn: " + drawn) {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        Optional<String> from = packageUnder(base, origin);
                        if (from.isEmpty() || !drawn.containsKey(from.get())) {
                            events.add(SimpleConditionEvent.violated(origin, origin.getName() + " is in a package of "
                                    + base + " the graph does not draw"));
                            return;
                        }
                        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                            Optional<String> to = packageUnder(base, dependency.getTargetClass().getBaseComponentType());
                            if (to.isPresent() && !to.get().equals(from.get()) && !drawn.get(from.get()).contains(to.get())) {
                                events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                            }
                        }
                    }
                });
    }

    /** The first package segment of {@code type} under {@code base} ({@link #ROOT} for base itself), if under it. */
    static Optional<String> packageUnder(String base, JavaClass type) {
        String name = type.getPackageName();
        if (name.equals(base)) {
            return Optional.of(ROOT);
        }
        if (!name.startsWith(base + ".")) {
            return Optional.empty();
        }
        String rest = name.substring(base.length() + 1);
        int dot = rest.indexOf('.');
        return Optional.of(dot < 0 ? rest : rest.substring(0, dot));
    }
}
