package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.SamTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A permission a function's {@code Policies} in template.yaml grant, and the statement that grants it. */
public record Grant(Permission permission, String statement) {
    private static final Set<String> POLICY_KEYS = Set.of("Version", "Statement");
    private static final Set<String> STATEMENT_KEYS = Set.of("Sid", "Effect", "Action", "Resource");

    /**
     * Every action × resource of the function's inline statements. Anything else the check cannot compare
     * (a managed policy, a SAM policy template, Deny, NotAction, a Condition) is refused, naming where.
     */
    static List<Grant> of(SamTemplate template, String function) {
        Map<String, Object> properties = Templates.map(Templates.resource(template, function), "Properties");
        List<Grant> grants = new ArrayList<>();
        List<Object> policies = Templates.list(properties.get("Policies"));
        for (int i = 0; i < policies.size(); i++) {
            String where = function + ".Policies[" + i + "]";
            Map<String, Object> policy = policies.get(i) instanceof Map ? Templates.asMap(policies.get(i), where) : null;
            if (policy == null || !policy.containsKey("Statement") || !POLICY_KEYS.containsAll(policy.keySet())) {
                throw refused(where, Templates.show(policies.get(i)) + " is a managed policy or a SAM policy template");
            }
            List<Object> statements = Templates.list(policy.get("Statement"));
            for (int j = 0; j < statements.size(); j++) {
                grants.addAll(statement(Templates.asMap(statements.get(j), where), where + ".Statement[" + j + "]"));
            }
        }
        return grants;
    }

    private static List<Grant> statement(Map<String, Object> statement, String where) {
        if (!STATEMENT_KEYS.containsAll(statement.keySet())) {
            throw refused(where, "it has " + statement.keySet());
        }
        if (!"Allow".equals(statement.get("Effect"))) {
            throw refused(where, "its Effect is " + statement.get("Effect"));
        }
        List<Grant> grants = new ArrayList<>();
        for (Object action : Templates.list(statement.get("Action"))) {
            if (!(action instanceof String name)) {
                throw refused(where, "an Action is " + Templates.show(action));
            }
            for (Object resource : Templates.list(statement.get("Resource"))) {
                grants.add(new Grant(new Permission(name, Templates.reference(resource, where + ".Resource")), where));
            }
        }
        return grants;
    }

    private static IllegalArgumentException refused(String where, String why) {
        return new IllegalArgumentException("template.yaml " + where + ": " + why + "; the privilege check compares"
                + " inline Allow statements of Action and Resource only, so it cannot prove least privilege here");
    }

    @Override
    public String toString() {
        return permission + " (" + statement + ")";
    }
}
