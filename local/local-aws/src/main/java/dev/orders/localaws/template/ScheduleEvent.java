package dev.orders.localaws.template;

import static dev.orders.localaws.template.TemplateFields.asMap;
import static dev.orders.localaws.template.TemplateFields.map;
import static dev.orders.localaws.template.TemplateFields.number;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A function's {@code ScheduleV2} event (an EventBridge Scheduler schedule) or {@code Schedule} event (an EventBridge
 * rule on a schedule), its fields resolved with the stack's parameters as CloudFormation resolves them
 * ({@code !Ref}, {@code !Sub}, {@code !If} of parameters). {@code name} is the schedule's or rule's: its
 * {@code Name}, else the logical id SAM gives the resource it generates (function id, then event id);
 * {@code group} the schedule's {@code GroupName} ({@code default} for a rule, which has none);
 * {@code timezone} its {@code ScheduleExpressionTimezone} (a rule's cron is UTC); {@code input} the
 * target's {@code Input} as written; {@code retryAttempts} how often Lambda retries an asynchronous invocation
 * the function failed, its {@code EventInvokeConfig.MaximumRetryAttempts} (function, else Globals; Lambda's
 * default 2).
 */
public record ScheduleEvent(String function, String event, Kind kind, String expression, String timezone,
                            boolean enabled, Optional<String> input, String name, String group, int retryAttempts) {
    /** Lambda's default number of retries of an asynchronous invocation the function failed. */
    static final int LAMBDA_ASYNC_RETRIES = 2;

    /** The two event types, by the service that runs them. */
    public enum Kind {
        /** {@code ScheduleV2}: an {@code AWS::Scheduler::Schedule}. */
        SCHEDULER("ScheduleV2"),
        /** {@code Schedule}: an {@code AWS::Events::Rule} with a {@code ScheduleExpression}. */
        RULE("Schedule");

        private final String eventType;

        Kind(String eventType) {
            this.eventType = eventType;
        }

        public String eventType() {
            return eventType;
        }
    }

    /** Every function's {@code ScheduleV2} and {@code Schedule} event of {@code template}, with its parameters' values. */
    public static List<ScheduleEvent> all(SamTemplate template) {
        Map<String, Object> root = template.root();
        StackValues stack = new StackValues(root, template.parameters());
        Map<String, Object> globals = map(map(root, "Globals"), "Function");
        List<ScheduleEvent> schedules = new ArrayList<>();
        map(root, "Resources").forEach((logicalId, resource) -> {
            Map<String, Object> fields = asMap(resource);
            if (!"AWS::Serverless::Function".equals(fields.get("Type"))) {
                return;
            }
            Map<String, Object> properties = map(fields, "Properties");
            Object retries = map(properties, "EventInvokeConfig").getOrDefault("MaximumRetryAttempts",
                    map(globals, "EventInvokeConfig").getOrDefault("MaximumRetryAttempts", LAMBDA_ASYNC_RETRIES));
            int retryAttempts = (int) number(stack.resolve(retries, logicalId + ".EventInvokeConfig.MaximumRetryAttempts")
                    .orElse(LAMBDA_ASYNC_RETRIES), logicalId + ".EventInvokeConfig.MaximumRetryAttempts");
            map(properties, "Events").forEach((event, definition) -> {
                Map<String, Object> eventFields = asMap(definition);
                Object type = eventFields.get("Type");
                for (Kind kind : Kind.values()) {
                    if (kind.eventType().equals(type)) {
                        schedules.add(of(stack, logicalId, event, kind, map(eventFields, "Properties"), retryAttempts));
                    }
                }
            });
        });
        return schedules;
    }

    private static ScheduleEvent of(StackValues stack, String function, String event, Kind kind,
                                    Map<String, Object> properties, int retryAttempts) {
        String where = function + "." + event;
        String expressionKey = kind == Kind.SCHEDULER ? "ScheduleExpression" : "Schedule";
        String expression = text(stack, properties, expressionKey, where).orElseThrow(() -> new IllegalArgumentException(
                "template: " + where + "." + expressionKey + " is required for a " + kind.eventType() + " event"));
        String state = text(stack, properties, "State", where).orElse("ENABLED").toUpperCase(Locale.ROOT);
        boolean enabled = !state.equals("DISABLED") && !text(stack, properties, "Enabled", where).orElse("true")
                .equalsIgnoreCase("false");
        String timezone = kind == Kind.SCHEDULER
                ? text(stack, properties, "ScheduleExpressionTimezone", where).orElse("UTC") : "UTC";
        return new ScheduleEvent(function, event, kind, expression, timezone, enabled,
                text(stack, properties, "Input", where), text(stack, properties, "Name", where).orElse(function + event),
                kind == Kind.SCHEDULER ? text(stack, properties, "GroupName", where).orElse("default") : "default",
                retryAttempts);
    }

    /** A property's value as the stack has it, as text; empty when absent (or AWS::NoValue). */
    private static Optional<String> text(StackValues stack, Map<String, Object> properties, String key, String where) {
        return Optional.ofNullable(properties.get(key)).flatMap(value -> stack.resolve(value, where + "." + key))
                .map(String::valueOf);
    }

    /** The event as the template names it, e.g. {@code ExpireOrdersFunction.Sweep}. */
    public String where() {
        return function + "." + event;
    }
}
