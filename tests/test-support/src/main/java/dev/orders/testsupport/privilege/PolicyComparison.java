package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.SamTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;

/**
 * One function's recorded calls against its Policies in template.yaml, both ways; each discrepancy is
 * one line naming the function, the action and the resource.
 */
public record PolicyComparison(String function, SortedMap<Permission, Set<String>> calls, List<Grant> grants,
                               List<OnBehalf> onBehalf) {

    /** The calls {@code function} made in this JVM's tests against its Policies in {@code template}. */
    public static PolicyComparison of(SamTemplate template, String function) {
        return new PolicyComparison(function, RecordedCalls.of(function), Grant.of(template, function),
                OnBehalf.of(template, function));
    }

    /** Of the function whose handler is {@code handler}, in the repository's template.yaml. */
    public static PolicyComparison ofHandler(Class<?> handler) {
        SamTemplate template = Templates.repository();
        return of(template, Templates.functionOf(template, handler));
    }

    /** (a) What the code called that no statement allows: in AWS, an AccessDeniedException. */
    public List<String> callsNotGranted() {
        List<String> problems = new ArrayList<>();
        calls.forEach((needed, operations) -> {
            if (grants.stream().noneMatch(grant -> grant.permission().allows(needed))) {
                problems.add(function + " calls " + needed + " (" + String.join(", ", operations)
                        + "), which its Policies in template.yaml do not grant");
            }
        });
        return problems;
    }

    /** (b) What a statement grants that neither a recorded call nor AWS on the function's behalf needed. */
    public List<String> grantsNotNeeded() {
        List<String> problems = new ArrayList<>();
        for (Grant grant : grants) {
            Permission granted = grant.permission();
            if (Wildcards.hasWildcard(granted.action()) || "*".equals(granted.resource())) {
                // A wildcard that one call exercises still grants what none does: least privilege names each.
                problems.add(function + "'s Policies grant " + grant + " with a wildcard action or on every resource:"
                        + " grant each action the code calls, on the resources it calls it on");
            } else if (calls.keySet().stream().noneMatch(granted::allows) && onBehalf.stream()
                    .noneMatch(use -> use.source() == OnBehalf.Source.POLICIES && granted.allows(use.permission()))) {
                problems.add(function + "'s Policies grant " + grant + ", which no call of its tests needed and AWS"
                        + " does not use on its behalf: remove it, or add the test that reaches the call");
            }
        }
        return problems;
    }

    /** (c) What AWS uses on the function's behalf, granted where its reason says: once, by Policies or by SAM. */
    public List<String> onBehalfMisplaced() {
        List<String> problems = new ArrayList<>();
        for (OnBehalf use : onBehalf) {
            List<Grant> granting = grants.stream().filter(grant -> grant.permission().allows(use.permission())
                    || use.permission().allows(grant.permission())).toList();
            if (use.source() == OnBehalf.Source.POLICIES && granting.isEmpty()) {
                problems.add(function + " needs " + use.permission() + " on its behalf (" + use.reason()
                        + "), which its Policies in template.yaml do not grant");
            }
            if (use.source() == OnBehalf.Source.SAM && !granting.isEmpty()) {
                problems.add(function + "'s Policies grant " + granting + ", which SAM grants already (" + use.reason() + ")");
            }
        }
        return problems;
    }
}
