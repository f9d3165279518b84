package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The alarms the team that runs the service is paged by: errors and throttles of every function, the API's
 * 5xx rate, the publisher falling behind or dead-lettering, money recorded as a payment issue. Each one
 * notifies the topic of AlarmTopicArn when one is given, and watches a metric that exists under that name.
 */
class AlarmsContractTest {
    private static final CloudFormationYaml.Intrinsic NOTIFY = new CloudFormationYaml.Intrinsic("If",
            List.of("HasAlarmTopic", List.of(new CloudFormationYaml.Intrinsic("Ref", "AlarmTopicArn")),
                    new CloudFormationYaml.Intrinsic("Ref", "AWS::NoValue")));
    private final SamTemplate template = SamTemplate.repository();

    @Test
    void everyFunctionHasAnErrorsAndAThrottlesAlarm() {
        for (SamTemplate.Function function : template.functions()) {
            for (String metric : List.of("Errors", "Throttles")) {
                assertTrue(alarmOn("AWS/Lambda", metric, dimension("FunctionName", ref(function.logicalId()))).isPresent(),
                        function.logicalId() + " has no " + metric + " alarm");
            }
        }
    }

    @Test
    void thePublishersLagAndDeadLettersRaiseAlarms() {
        assertTrue(alarmOn("AWS/Lambda", "IteratorAge", dimension("FunctionName", ref("PublishEventsFunction"))).isPresent());
        assertTrue(alarmOn("AWS/SQS", "ApproximateNumberOfMessagesVisible",
                dimension("QueueName", new CloudFormationYaml.Intrinsic("GetAtt", "PublisherDeadLetterQueue.QueueName"))).isPresent());
    }

    @Test
    void aRecordedPaymentIssueRaisesAnAlarmOnTheMetricTheFunctionsWrite() {
        Map<String, Object> environment = map(map(map(map(template.root(), "Globals"), "Function"), "Environment"), "Variables");
        // ServiceMetrics writes PaymentIssues under POWERTOOLS_METRICS_NAMESPACE with the service as a dimension.
        Map<String, Object> alarm = alarmOn(environment.get("POWERTOOLS_METRICS_NAMESPACE"), "PaymentIssues",
                dimension("Service", environment.get("POWERTOOLS_SERVICE_NAME"))).orElseThrow();
        assertEquals("Sum", alarm.get("Statistic"));
        assertEquals(0, alarm.get("Threshold"));
    }

    @Test
    void theApis5xxRateIsWatchedOnTheApisOwnMetrics() {
        Map<String, Object> alarm = properties("Api5xxAlarm");
        List<Map<String, Object>> queries = cast(alarm.get("Metrics"));
        List<Object> metrics = queries.stream().filter(query -> query.containsKey("MetricStat"))
                .map(query -> map(map(query, "MetricStat"), "Metric")).map(metric -> metric.get("MetricName")).toList();
        assertEquals(List.of("5xx", "Count"), metrics);
        queries.stream().filter(query -> query.containsKey("MetricStat")).map(query -> map(map(query, "MetricStat"), "Metric"))
                .forEach(metric -> assertEquals(List.of(dimension("ApiId", ref("OrdersApi"))), metric.get("Dimensions")));
    }

    @Test
    void everyAlarmNotifiesTheTopicWhenOneIsGiven() {
        List<Map.Entry<String, Object>> alarms = resources().entrySet().stream()
                .filter(entry -> "AWS::CloudWatch::Alarm".equals(
                        AlarmsContractTest.<Map<String, Object>>cast(entry.getValue()).get("Type"))).toList();
        assertFalse(alarms.isEmpty());
        for (Map.Entry<String, Object> alarm : alarms) {
            Map<String, Object> properties = map(cast(alarm.getValue()), "Properties");
            assertEquals(NOTIFY, properties.get("AlarmActions"), alarm.getKey());
            assertEquals(NOTIFY, properties.get("OKActions"), alarm.getKey());
        }
    }

    private Optional<Map<String, Object>> alarmOn(Object namespace, String metric, Map<String, Object> dimension) {
        return resources().values().stream().map(AlarmsContractTest::<Map<String, Object>>cast)
                .filter(resource -> "AWS::CloudWatch::Alarm".equals(resource.get("Type")))
                .map(resource -> map(resource, "Properties"))
                .filter(alarm -> namespace.equals(alarm.get("Namespace")) && metric.equals(alarm.get("MetricName"))
                        && List.of(dimension).equals(alarm.get("Dimensions")))
                .findFirst();
    }

    private static Map<String, Object> dimension(String name, Object value) {
        return Map.of("Name", name, "Value", value);
    }

    private static CloudFormationYaml.Intrinsic ref(String logicalId) {
        return new CloudFormationYaml.Intrinsic("Ref", logicalId);
    }

    private Map<String, Object> properties(String logicalId) {
        return map(map(resources(), logicalId), "Properties");
    }

    private Map<String, Object> resources() {
        return map(template.root(), "Resources");
    }

    private static Map<String, Object> map(Map<String, Object> fields, String key) {
        return cast(fields.get(key));
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object value) {
        return (T) value;
    }
}
