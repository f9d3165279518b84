package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.UsageException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Options are read as SAM CLI (click) reads them: its names, forms and order of precedence. */
class ArgumentsTest {

    private static Arguments invoke(String... args) {
        return Arguments.parse(InvokeCommand.USAGE, List.of(args));
    }

    private static Arguments startApi(String... args) {
        return Arguments.parse(StartApiCommand.USAGE, List.of(args));
    }

    @Test
    void samsShortAndLongNamesAndTheEqualsFormAreOneOption() {
        assertEquals("a.json", invoke("-e", "a.json").value("--event", null));
        assertEquals("-", invoke("F", "--event", "-").value("--event", null));
        assertEquals("b.json", invoke("--event=b.json").value("--event", null));
        assertEquals("t.yaml", invoke("-t", "t.yaml").value("--template", null));
        assertEquals("t.yaml", invoke("--template-file", "t.yaml").value("--template", null));
        assertEquals("env.json", invoke("-n", "env.json").value("--env-vars", null));
        assertEquals("5005", invoke("-d", "5005").value("--debug-port", null));
        assertEquals("out.log", invoke("-l", "out.log").value("--log-file", null));
        assertEquals(3001, Arguments.parse(StartLambdaCommand.USAGE, List.of("-p", "3001")).port(3000));
        assertTrue(invoke("--no-event").flag("--no-event"));
        assertEquals(List.of("F"), invoke("F", "-e", "a.json").positionals());
    }

    @Test
    void aRepeatedOptionsLastValueWinsAsInClick() {
        assertEquals("b.json", invoke("-e", "a.json", "--event", "b.json").value("--event", null));
    }

    @Test
    void parameterOverridesTakeEveryArgumentUpToTheNextOption() {
        Arguments arguments = startApi("--parameter-overrides", "LogLevel=DEBUG", "EventSource=e2e", "--port", "3005");
        assertEquals(List.of("LogLevel=DEBUG", "EventSource=e2e"), arguments.values("--parameter-overrides"));
        assertEquals(3005, arguments.port(3000));
    }

    @Test
    void anOptionWithoutItsValueAFlagWithOneAndAnUnknownOptionAreUsageErrors() {
        assertEquals("-e needs a value", assertThrows(UsageException.class, () -> invoke("F", "-e")).getMessage());
        assertEquals("--parameter-overrides needs a value",
                assertThrows(UsageException.class, () -> startApi("--parameter-overrides", "--port", "1")).getMessage());
        assertEquals("--no-event takes no value", assertThrows(UsageException.class, () -> invoke("--no-event=yes")).getMessage());
        assertEquals("unknown option --colour; see ./sam-local start-api --help",
                assertThrows(UsageException.class, () -> startApi("--colour", "blue")).getMessage());
    }

    @Test
    void aSamOptionWithoutMeaningHereIsRefusedByNameSayingWhatToDoInstead() {
        String network = assertThrows(UsageException.class, () -> startApi("--docker-network", "n")).getMessage();
        assertTrue(network.startsWith("--docker-network is SAM CLI's, not ./sam-local's: ./sam-local runs no containers"), network);
        String warm = assertThrows(UsageException.class, () -> startApi("--warm-containers", "EAGER")).getMessage();
        assertTrue(warm.contains("stays warm after its first invocation, as with --warm-containers LAZY"), warm);
        String pull = assertThrows(UsageException.class, () -> invoke("--skip-pull-image")).getMessage();
        assertTrue(pull.contains("There is no image to pull or build"), pull);
        String host = assertThrows(UsageException.class, () -> invoke("--container-host", "host.docker.internal")).getMessage();
        assertTrue(host.contains("--host is where start-api or start-lambda listens"), host);
        // start-api's own refusals are not invoke's options either.
        assertTrue(assertThrows(UsageException.class, () -> startApi("-s", "public")).getMessage()
                .contains("serve other static files with another server"));
    }

    @Test
    void aVariableGivesWhatTheCommandLineDoesNotAndSamconfigWhatNeitherDoes() {
        Map<String, Object> config = Map.of("debug_port", 5858L, "event", "from-config.json", "env_vars", "env.json",
                "parameter_overrides", List.of("LogLevel=DEBUG", "EventSource=x"), "stack_name", "ignored, as SAM CLI does");
        Arguments arguments = invoke("-e", "given.json").completedBy(Map.of("SAM_DEBUG_PORT", "5005")::get, config, "cfg");
        assertEquals("given.json", arguments.value("--event", null), "the command line wins");
        assertEquals("5005", arguments.value("--debug-port", null), "then the variable");
        assertEquals("env.json", arguments.value("--env-vars", null), "then samconfig");
        assertEquals(List.of("LogLevel=DEBUG", "EventSource=x"), arguments.values("--parameter-overrides"));
        assertEquals("5858", invoke().completedBy(name -> null, config, "cfg").value("--debug-port", null));
    }

    @Test
    void samconfigFlagsAreTrueOrFalseAndItsTemplateKeyIsEitherOfSams() {
        assertTrue(startApi().completedBy(name -> null, Map.of("seed", true), "cfg").flag("--seed"));
        assertFalse(startApi().completedBy(name -> null, Map.of("seed", false), "cfg").flag("--seed"));
        assertEquals("cfg [default.local_start_api.parameters] seed must be true or false, not yes",
                assertThrows(UsageException.class, () -> startApi().completedBy(name -> null, Map.of("seed", "yes"),
                        "cfg [default.local_start_api.parameters]")).getMessage());
        assertEquals("a.yaml", startApi().completedBy(name -> null, Map.of("template_file", "a.yaml"), "cfg").value("--template", null));
        assertEquals("b.yaml", startApi().completedBy(name -> null, Map.of("template", "b.yaml"), "cfg").value("--template", null));
    }

    @Test
    void aSamOptionWithoutMeaningHereInSamconfigIsRefusedNamingItsSection() {
        String message = assertThrows(UsageException.class, () -> startApi().completedBy(name -> null,
                Map.of("warm_containers", "EAGER"), "samconfig.toml [default.local_start_api.parameters]")).getMessage();
        assertTrue(message.startsWith("samconfig.toml [default.local_start_api.parameters] warm_containers is SAM CLI's,"
                + " not ./sam-local's"), message);
    }

    @Test
    void debugArgsAreSplitAsAShellSplitsWords() {
        assertEquals(List.of("-Xmx512m", "-Dgreeting=hello world", "-Da=b c"),
                SamOptions.words(" -Xmx512m  -Dgreeting='hello world' \"-Da=b c\""));
        assertThrows(UsageException.class, () -> SamOptions.words("-Dx='open"));
    }

    @Test
    void theDebuggedJvmGetsSamsJdwpAgentOnTheLoopbackSuspendedThenTheDebugArgs() {
        JvmDebugging debugging = JvmDebugging.of(invoke("-d", "5005", "--debug-args", "-Xmx256m -Dx=y")).orElseThrow();
        assertEquals(List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,quiet=y,address=127.0.0.1:5005",
                "-Xmx256m", "-Dx=y"), debugging.jvmOptions());
        assertTrue(JvmDebugging.of(invoke()).isEmpty());
        assertEquals("--debug-args are options of a debugged JVM: give -d/--debug-port too",
                assertThrows(UsageException.class, () -> JvmDebugging.of(invoke("--debug-args", "-Xmx1g"))).getMessage());
        assertEquals("--debug-port must be a port number, not 'x'",
                assertThrows(UsageException.class, () -> JvmDebugging.of(invoke("-d", "x"))).getMessage());
    }
}
