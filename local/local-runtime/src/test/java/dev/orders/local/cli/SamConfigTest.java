package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.UsageException;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** samconfig is found, read and applied as SAM CLI does, the command line winning. */
class SamConfigTest {

    private static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @Test
    void theRepositorysSamconfigKeepsItsDeploySectionsAndHasLocalOnesOfTheDevProfile() {
        SamConfig config = SamConfig.find(RepositoryRoot.locate(), Optional.empty()).orElseThrow();
        assertEquals("samconfig.toml", config.file().getFileName().toString());
        Map<String, Object> deploy = config.parameters("default", "deploy");
        assertEquals("CAPABILITY_IAM", deploy.get("capabilities"));
        assertEquals("order-service", deploy.get("stack_name"), "the global parameters apply to every command");
        assertEquals("LogLevel=\"DEBUG\"", config.parameters("dev", "local_start_api").get("parameter_overrides"));
        assertEquals(3001L, ((Number) config.parameters("default", "local_start_lambda").get("port")).longValue());
    }

    @Test
    void aCommandsParametersAreItsOwnOverTheGlobalOnesOfItsEnvironment(@TempDir Path dir) throws IOException {
        write(dir.resolve("samconfig.toml"), """
                version = 0.1
                [default.global.parameters]
                port = 4000
                host = "0.0.0.0"
                [default.local_start_api.parameters]
                port = 4001
                [staging.local_start_api.parameters]
                port = 4002
                """);
        SamConfig config = SamConfig.find(dir, Optional.empty()).orElseThrow();
        assertEquals(4001L, ((Number) config.parameters("default", "local_start_api").get("port")).longValue());
        assertEquals("0.0.0.0", config.parameters("default", "local_start_api").get("host"));
        assertEquals(4000L, ((Number) config.parameters("default", "local_invoke").get("port")).longValue());
        assertEquals(4002L, ((Number) config.parameters("staging", "local_start_api").get("port")).longValue());
        assertEquals(Map.of(), config.parameters("nowhere", "local_start_api"), "an environment it lacks has nothing, as in SAM CLI");
        assertEquals("samconfig.toml [staging.local_start_api.parameters]", config.source("staging", "local_start_api"));
    }

    @Test
    void nextToTheTemplateTomlWinsOverYamlAndAConfigFileIsReadFromTheTemplatesDirectory(@TempDir Path dir) throws IOException {
        assertEquals(Optional.empty(), SamConfig.find(dir, Optional.empty()));
        write(dir.resolve("samconfig.yaml"), "version: 0.1\ndefault:\n  local_invoke:\n    parameters:\n      event: yaml.json\n");
        assertEquals("yaml.json", SamConfig.find(dir, Optional.empty()).orElseThrow().parameters("default", "local_invoke").get("event"));
        write(dir.resolve("samconfig.toml"), "version = 0.1\n[default.local_invoke.parameters]\nevent = \"toml.json\"\n");
        assertEquals("toml.json", SamConfig.find(dir, Optional.empty()).orElseThrow().parameters("default", "local_invoke").get("event"));
        write(dir.resolve("conf/other.toml"), "version = 0.1\n[default.local_invoke.parameters]\nevent = \"other.json\"\n");
        assertEquals("other.json", SamConfig.find(dir, Optional.of("conf/other.toml")).orElseThrow()
                .parameters("default", "local_invoke").get("event"));
        assertEquals("other.json", SamConfig.find(Path.of("/"), Optional.of(dir.resolve("conf/other.toml").toString()))
                .orElseThrow().parameters("default", "local_invoke").get("event"));
    }

    @Test
    void aMissingConfigFileAVersionlessOneAndBrokenTomlAreRefusedInSamsWords(@TempDir Path dir) throws IOException {
        assertEquals("Config file nope.toml does not exist or could not be read!",
                assertThrows(UsageException.class, () -> SamConfig.find(dir, Optional.of("nope.toml"))).getMessage());
        write(dir.resolve("a.toml"), "[default.local_invoke.parameters]\nevent = \"e.json\"\n");
        assertTrue(assertThrows(UsageException.class, () -> SamConfig.find(dir, Optional.of("a.toml"))).getMessage()
                .endsWith("'version' key is not present or is in unrecognized format."));
        write(dir.resolve("b.toml"), "version = 1\n");
        assertTrue(assertThrows(UsageException.class, () -> SamConfig.find(dir, Optional.of("b.toml"))).getMessage()
                .endsWith("'version' key is not present or is in unrecognized format."), "SAM CLI takes a float only");
        write(dir.resolve("c.toml"), "version = 0.1\n[default.local_invoke.parameters\n");
        assertTrue(assertThrows(UsageException.class, () -> SamConfig.find(dir, Optional.of("c.toml"))).getMessage()
                .startsWith("Error reading configuration: "));
        write(dir.resolve("d.json"), "{}");
        assertTrue(assertThrows(UsageException.class, () -> SamConfig.find(dir, Optional.of("d.json"))).getMessage()
                .endsWith("uses an unsupported extension, and cannot be read."));
    }

    @Test
    void aCommandIsCompletedFromTheSamconfigNextToItsTemplateInItsConfigEnvTheCommandLineWinning(@TempDir Path dir)
            throws IOException {
        Path template = write(dir.resolve("app/template.yaml"), "Resources: {}\n");
        write(dir.resolve("app/samconfig.toml"), """
                version = 0.1
                [default.local_start_api.parameters]
                parameter_overrides = "LogLevel=DEBUG"
                data_dir = "/tmp/orders"
                [dev.local_start_api.parameters]
                parameter_overrides = ["LogLevel=WARN", "EventSource=dev.orders"]
                """);
        Arguments byDefault = SamLocal.configured(Arguments.parse(StartApiCommand.USAGE, List.of("-t", template.toString())));
        assertEquals(List.of("LogLevel=DEBUG"), byDefault.values("--parameter-overrides"));
        assertEquals("/tmp/orders", byDefault.value("--data-dir", null));
        Arguments dev = SamLocal.configured(Arguments.parse(StartApiCommand.USAGE,
                List.of("-t", template.toString(), "--config-env", "dev")));
        assertEquals(List.of("LogLevel=WARN", "EventSource=dev.orders"), dev.values("--parameter-overrides"));
        Arguments given = SamLocal.configured(Arguments.parse(StartApiCommand.USAGE,
                List.of("-t", template.toString(), "--parameter-overrides", "LogLevel=ERROR")));
        assertEquals(List.of("LogLevel=ERROR"), given.values("--parameter-overrides"));
    }
}
