package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.SamTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A permission AWS uses for a function rather than its code, so no test call records it: where it must
 * be granted ({@link Source}) and why, in one line. Derived from the template, so a new function or event
 * source brings its own.
 */
public record OnBehalf(Permission permission, Source source, String reason) {

    /** Where the permission comes from. */
    public enum Source {
        /** The function's own Policies must grant it: nothing else does. */
        POLICIES,
        /** SAM adds it to the function's role from the template: Policies must not repeat it. */
        SAM
    }

    static List<OnBehalf> of(SamTemplate template, String function) {
        List<OnBehalf> onBehalf = new ArrayList<>();
        for (String action : List.of("logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents")) {
            onBehalf.add(new OnBehalf(new Permission(action, "*"), Source.SAM,
                    "Lambda writes the function's logs; SAM attaches AWSLambdaBasicExecutionRole to every function"));
        }
        Map<String, Object> properties = Templates.map(Templates.resource(template, function), "Properties");
        Object tracing = properties.getOrDefault("Tracing",
                Templates.map(Templates.map(template.root(), "Globals"), "Function").get("Tracing"));
        if ("Active".equals(tracing)) {
            for (String action : List.of("xray:PutTraceSegments", "xray:PutTelemetryRecords")) {
                onBehalf.add(new OnBehalf(new Permission(action, "*"), Source.SAM,
                        "Lambda sends the function's X-Ray segments (Tracing: Active); SAM attaches AWSXrayWriteOnlyAccess"));
            }
        }
        Templates.map(properties, "Events").forEach((name, event) -> {
            Map<String, Object> fields = Templates.asMap(event, function + ".Events." + name);
            if ("DynamoDB".equals(fields.get("Type"))) {
                onBehalf.addAll(streamEvent(template, function + ".Events." + name, Templates.map(fields, "Properties")));
            }
        });
        return onBehalf;
    }

    private static List<OnBehalf> streamEvent(SamTemplate template, String where, Map<String, Object> properties) {
        List<OnBehalf> onBehalf = new ArrayList<>();
        String stream = Templates.reference(properties.get("Stream"), where + ".Stream");
        String reads = "Lambda's event source mapping reads the stream for the function; SAM attaches"
                + " AWSLambdaDynamoDBExecutionRole for a DynamoDB event";
        for (String action : List.of("dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator")) {
            onBehalf.add(new OnBehalf(new Permission(action, stream), Source.SAM, reads));
        }
        onBehalf.add(new OnBehalf(new Permission("dynamodb:ListStreams", "*"), Source.SAM, reads));
        Object destination = Templates.map(Templates.map(properties, "DestinationConfig"), "OnFailure").get("Destination");
        if (destination != null) {
            String arn = Templates.reference(destination, where + ".DestinationConfig.OnFailure.Destination");
            String why = "Lambda sends a batch it gave up on to the event's OnFailure destination with the function's"
                    + " role; SAM adds no permission for an event source mapping's destination";
            Permission sending = new Permission(destinationAction(template, destination, where), arn);
            onBehalf.add(new OnBehalf(sending, Source.POLICIES, why));
        }
        return onBehalf;
    }

    /** What sending to the destination takes: an SQS queue's or an SNS topic's. */
    private static String destinationAction(SamTemplate template, Object destination, String where) {
        String type = Templates.logicalIdOf(destination).flatMap(id -> Templates.resourceType(template, id)).orElse("");
        return switch (type) {
            case "AWS::SQS::Queue" -> "sqs:SendMessage";
            case "AWS::SNS::Topic" -> "sns:Publish";
            default -> throw new IllegalArgumentException("template.yaml " + where
                    + ".DestinationConfig.OnFailure.Destination is " + Templates.show(destination)
                    + ": the privilege check knows the permission of an SQS queue or SNS topic of the template only");
        };
    }

    @Override
    public String toString() {
        return permission + " (" + reason + ")";
    }
}
