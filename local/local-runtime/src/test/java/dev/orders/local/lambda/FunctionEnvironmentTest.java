package dev.orders.local.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.UsageException;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The template's environment, resolved for a local run. */
class FunctionEnvironmentTest {
    private final SamTemplate template = SamTemplate.repository();

    @Test
    void referencesResolveToParameterDefaultsTheLocalTableAndADevelopmentSecret() {
        FunctionEnvironment environment = new FunctionEnvironment(template, "OrdersTable", "orders-local", name -> null);
        Map<String, String> env = environment.of(template.function("QueryOrdersFunction").orElseThrow(), Map.of());
        assertEquals("orders-local", env.get("TABLE_NAME"));
        assertEquals("1", env.get("STATUS_FEED_SHARDS"));
        assertEquals("INFO", env.get("LOG_LEVEL"));
        assertEquals("order-service", env.get("POWERTOOLS_SERVICE_NAME"));
        assertTrue(env.get("CURSOR_SECRET").length() >= 16, "long enough for the cursor codec");
        assertFalse(env.containsKey("CURSOR_SECRET_ID"), "no Secrets Manager locally: the value, not the id");
        assertFalse(env.containsKey("JAVA_TOOL_OPTIONS"), "JVM tuning of the Lambda runtime is not applied locally");
    }

    @Test
    void theCallersEnvironmentChoosesSecretsAndEnvVarsOverrideAnything() {
        FunctionEnvironment environment = new FunctionEnvironment(template, "OrdersTable", "orders-local",
                name -> name.equals("CURSOR_SECRET") ? "my own local cursor secret" : null);
        Map<String, String> env = environment.of(template.function("QueryOrdersFunction").orElseThrow(), Map.of("LOG_LEVEL", "DEBUG"));
        assertEquals("my own local cursor secret", env.get("CURSOR_SECRET"));
        assertEquals("DEBUG", env.get("LOG_LEVEL"));
    }

    @Test
    void theWebhookGetsItsSecretsValueFromTheCallerAsTheTemplateNamesIt() {
        FunctionEnvironment environment = new FunctionEnvironment(template, "OrdersTable", "orders-local",
                name -> name.equals("WEBHOOK_SECRET") ? "whsec_local" : null);
        Map<String, String> env = environment.of(template.function("PaymentWebhookFunction").orElseThrow(), Map.of());
        assertEquals("whsec_local", env.get("WEBHOOK_SECRET"));
        assertFalse(env.containsKey("WEBHOOK_SECRET_ID"));
        assertFalse(env.containsKey("CURSOR_SECRET"), "the webhook reads no cursors");
    }

    @Test
    void aDeclaredVariableTakesTheEnvVarsValueThenTheShellsThenTheTemplatesAndAnUndeclaredOneIsNeverSet() {
        Map<String, String> shell = Map.of("LOG_LEVEL", "WARN", "STATUS_FEED_SHARDS", "4", "POWERTOOLS_LOG_LEVEL", "DEBUG");
        FunctionEnvironment environment = new FunctionEnvironment(template, "OrdersTable", "orders-local", shell::get);
        Map<String, String> env = environment.of(template.function("QueryOrdersFunction").orElseThrow(),
                Map.of("LOG_LEVEL", "DEBUG", "NOT_DECLARED", "x"));
        assertEquals("DEBUG", env.get("LOG_LEVEL"), "--env-vars first");
        assertEquals("4", env.get("STATUS_FEED_SHARDS"), "then the shell");
        assertEquals("orders-local", env.get("TABLE_NAME"), "then the template");
        assertFalse(env.containsKey("NOT_DECLARED"), "a variable the template does not declare, from --env-vars");
        assertFalse(env.containsKey("POWERTOOLS_LOG_LEVEL"), "nor from the shell");
    }

    @Test
    void aFunctionsJvmGetsItsVariablesAndTheRuntimesAloneNothingElseOfTheCallersEnvironment() {
        Map<String, String> process = new HashMap<>(Map.of("PATH", "/usr/bin", "LANG", "C.UTF-8", "AWS_PROFILE", "prod",
                "AWS_SESSION_TOKEN", "a real session", "JAVA_TOOL_OPTIONS", "-Xmx1g", "HOME", "/root"));
        FunctionEnvironment.replace(process, Map.of("TABLE_NAME", "orders-local", "AWS_ACCESS_KEY_ID", "local"));
        assertEquals(Map.of("PATH", "/usr/bin", "LANG", "C.UTF-8", "TABLE_NAME", "orders-local", "AWS_ACCESS_KEY_ID", "local"),
                process);
    }

    @Test
    void functionsSharingOneProcessMustAgreeOnEveryVariable() {
        FunctionEnvironment environment = new FunctionEnvironment(template, "OrdersTable", "orders-local", name -> null);
        assertEquals("orders-local", environment.union(template.functions(), Map.of()).get("TABLE_NAME"));
        UsageException conflict = assertThrows(UsageException.class, () -> environment.union(template.functions(),
                Map.of("CreateOrderFunction", Map.of("LOG_LEVEL", "DEBUG"))));
        assertTrue(conflict.getMessage().contains("different values for LOG_LEVEL"), conflict.getMessage());
    }

    @Test
    void anUnresolvableReferenceIsAClearError() {
        String yaml = "Resources:\n  F:\n    Type: AWS::Serverless::Function\n    Properties:\n      Handler: a.B::handleRequest\n"
                + "      CodeUri: functions/f/target/f.jar\n      Environment:\n        Variables:\n          ARN: !GetAtt T.Arn\n";
        SamTemplate custom = new SamTemplate(Path.of("custom.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "custom.yaml"));
        FunctionEnvironment environment = new FunctionEnvironment(custom, "T", "t", name -> null);
        UsageException error = assertThrows(UsageException.class,
                () -> environment.of(custom.functions().get(0), Map.of()));
        assertTrue(error.getMessage().contains("ARN is !GetAtt"), error.getMessage());
        assertEquals(List.of(), custom.functions().get(0).routes());
    }
}
