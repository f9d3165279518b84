package dev.orders.local.cli;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.dataformat.toml.TomlFactory;
import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.UsageException;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A samconfig file, read as SAM CLI reads it (samcli/lib/config/samconfig.py, samcli/cli/cli_config_file.py): next
 * to the template unless {@code --config-file} names another (a relative name from the template's directory), TOML
 * or YAML by its extension, a {@code version} number required; a command's defaults are the table
 * {@code [ENV.COMMAND.parameters]} over {@code [ENV.global.parameters]}, ENV being {@code --config-env} or
 * {@value #DEFAULT_ENV}.
 */
record SamConfig(Path file, Map<String, Object> document) {
    static final String DEFAULT_ENV = "default";
    private static final String GLOBAL = "global";
    private static final String PARAMETERS = "parameters";
    /** The names SAM CLI looks for when none is given, the first found winning. */
    private static final List<String> DEFAULT_FILES = List.of("samconfig.toml", "samconfig.yaml", "samconfig.yml");
    /** TOML's tokens read into maps by jackson-jr, which sam-local loads anyway: a fraction of a TomlMapper's start. */
    private static final JSON TOML = JSON.builder(new TomlFactory()).build();

    SamConfig {
        document = Map.copyOf(document);
    }

    /**
     * The configuration of a command whose template lies in {@code templateDirectory}: {@code configFile} there (or
     * where it says, if absolute), else the first of samconfig.toml, .yaml, .yml there; none if there is none.
     */
    static Optional<SamConfig> find(Path templateDirectory, Optional<String> configFile) {
        if (configFile.isPresent()) {
            Path file = templateDirectory.resolve(configFile.get());
            if (!Files.isRegularFile(file)) {
                throw new UsageException("Config file " + configFile.get() + " does not exist or could not be read!");
            }
            return Optional.of(read(file));
        }
        return DEFAULT_FILES.stream().map(templateDirectory::resolve).filter(Files::isRegularFile).findFirst().map(SamConfig::read);
    }

    static SamConfig read(Path file) {
        String name = file.getFileName().toString();
        Map<String, Object> document;
        try {
            if (name.endsWith(".toml")) {
                document = TOML.mapFrom(file.toFile());
            } else if (name.endsWith(".yaml") || name.endsWith(".yml")) {
                document = yaml(file);
            } else {
                throw new UsageException("The config file " + file + " uses an unsupported extension, and cannot be read.");
            }
        } catch (JacksonException | YAMLException e) {
            throw new UsageException("Error reading configuration: " + file + ": " + SamLocal.firstLine(e.getMessage()));
        } catch (IOException e) {
            throw new UsageException("Config file " + file + " does not exist or could not be read!");
        }
        // SAM CLI takes a float only: "version = 1" is refused as well.
        if (!(document.get("version") instanceof Double || document.get("version") instanceof BigDecimal)) {
            throw new UsageException(file + ": 'version' key is not present or is in unrecognized format.");
        }
        return new SamConfig(file, document);
    }

    /** The parameters of {@code command} (e.g. local_start_api) in {@code env}: its own over the global ones. */
    Map<String, Object> parameters(String env, String command) {
        Map<String, Object> parameters = new LinkedHashMap<>(table(table(table(document, env), GLOBAL), PARAMETERS));
        parameters.putAll(table(table(table(document, env), command), PARAMETERS));
        return parameters;
    }

    /** Where {@link #parameters} come from, for messages: "samconfig.toml [default.local_invoke.parameters]". */
    String source(String env, String command) {
        return file.getFileName() + " [" + env + "." + command + "." + PARAMETERS + "]";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> table(Map<String, Object> parent, String key) {
        return parent.get(key) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    private static Map<String, Object> yaml(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file)) {
            Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
            if (!(root instanceof Map<?, ?> map)) {
                throw new UsageException("Error reading configuration: " + file + " is not a mapping");
            }
            Map<String, Object> document = new LinkedHashMap<>();
            map.forEach((key, value) -> document.put(String.valueOf(key), value));
            return document;
        }
    }
}
