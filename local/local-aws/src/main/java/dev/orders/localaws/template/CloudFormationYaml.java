package dev.orders.localaws.template;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads a CloudFormation / SAM template. Short-form intrinsics ({@code !Ref X}, {@code !Sub "..."},
 * {@code !GetAtt A.B}, ...) become {@link Intrinsic} values, so a reader can tell a literal from a
 * reference and resolve the references it understands.
 */
public final class CloudFormationYaml {
    private CloudFormationYaml() {
    }

    /** An intrinsic function: {@code name} without the "!" (Ref, Sub, GetAtt, ...) and its argument. */
    public record Intrinsic(String name, Object argument) {
    }

    public static Map<String, Object> load(Path file) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Parses template text; {@code source} only names it in error messages. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parse(Reader reader, String source) {
        Object root;
        try {
            root = new Yaml(new IntrinsicConstructor()).load(reader);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(source + ": not valid YAML: " + e.getMessage(), e);
        }
        if (!(root instanceof Map)) {
            throw new IllegalArgumentException(source + ": the document is not a mapping");
        }
        return (Map<String, Object>) root;
    }

    /** SafeConstructor that builds any unknown local tag as an {@link Intrinsic} of the node's plain value. */
    private static final class IntrinsicConstructor extends SafeConstructor {
        IntrinsicConstructor() {
            super(new LoaderOptions());
            this.yamlConstructors.put(null, new AbstractConstruct() {
                @Override
                public Object construct(Node node) {
                    Tag plain = node instanceof MappingNode ? Tag.MAP : node instanceof SequenceNode ? Tag.SEQ : Tag.STR;
                    String tag = node.getTag().getValue();
                    Object value = yamlConstructors.get(plain).construct(node);
                    return new Intrinsic(tag.startsWith("!") ? tag.substring(1) : tag, value);
                }
            });
        }
    }
}
