package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every command's --help, in the shape of SAM CLI's: usage, an example that runs as written, every option. */
class HelpTest {

    private static List<Command> userCommands() {
        List<Command> commands = new ArrayList<>(List.of(new InvokeCommand(), new StartApiCommand(), new StartLambdaCommand(),
                new GenerateEventCommand(), new StripeEventCommand(), new TokenCommand(), new RedriveCommand()));
        SampleEventCommand.EVENTS.values().forEach(events -> commands.addAll(events.values()));
        return commands;
    }

    @Test
    void everyCommandsHelpHasItsUsageAnExampleAndEachOptionWithItsNames() {
        for (Command command : userCommands()) {
            Usage usage = command.usage();
            String help = usage.help();
            assertTrue(help.startsWith("Usage: ./sam-local " + usage.command() + " [OPTIONS]"), help);
            assertTrue(help.contains("\nExamples:\n  $ "), help);
            usage.options().forEach(option -> assertTrue(help.contains(String.join(", ", option.names())),
                    usage.command() + " --help shows " + option.names() + ":\n" + help));
            assertTrue(help.contains("  -h, --help"), help);
        }
    }

    @Test
    void everyExampleParsesWithItsCommandsOptions() {
        for (Command command : userCommands()) {
            Usage usage = command.usage();
            for (String example : usage.examples()) {
                String run = "./sam-local " + usage.command();
                String invocation = Stream.of(example.split("\\|")).filter(part -> part.contains(run)).findFirst()
                        .orElseThrow(() -> new AssertionError(usage.command() + "'s example runs another command: " + example));
                List<String> words = SamOptions.words(invocation.substring(invocation.indexOf(run) + run.length()));
                assertDoesNotThrow(() -> Arguments.parse(usage, words), example);
            }
        }
    }

    @Test
    void theCommandsOfSamLocalReadTheirSamconfigSectionsAndRefuseSamsContainerOptions() {
        assertEquals(List.of("local_invoke", "local_start_api", "local_start_lambda",
                        "local_generate_event_apigateway_http_api_proxy", "local_generate_event_dynamodb_update"),
                Stream.of(InvokeCommand.USAGE, StartApiCommand.USAGE, StartLambdaCommand.USAGE,
                        SampleEventCommand.of("apigateway", "http-api-proxy").orElseThrow().usage(),
                        SampleEventCommand.of("dynamodb", "update").orElseThrow().usage())
                        .map(usage -> usage.configSection().orElseThrow()).toList());
        assertFalse(new TokenCommand().usage().configSection().isPresent(), "token is sam-local's own");
        String startApi = StartApiCommand.USAGE.help();
        assertTrue(startApi.contains("SAM CLI options it does not take"), startApi);
        assertTrue(startApi.contains("--warm-containers"), startApi);
        assertTrue(startApi.contains("--docker-network"), startApi);
    }

    @Test
    void theListOfCommandsNamesEachWithItsFirstClauseAndTheVersionIsTheProjects() {
        String help = SamLocal.help();
        assertTrue(help.startsWith("Usage: ./sam-local [OPTIONS] COMMAND [ARGS]..."), help);
        assertTrue(help.contains("  invoke          Invokes one function of the template once.\n"), help);
        assertTrue(help.contains("  --version"), help);
        assertTrue(SamLocal.version().matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), SamLocal.version());
    }
}
