package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/CLIENTS.md tells a user the exact versions to install for a TypeScript client of their own: its {@code npm i}
 * lines name what typescript/package.json pins and its lock installs, TypeScript 5 (openapi-typescript needs it).
 */
class ClientsDocumentTest {
    private static final Path ROOT = RepositoryRoot.locate();
    /** A package with its version on an npm i line: name@version, the name maybe scoped (@scope/name). */
    private static final Pattern PINNED = Pattern.compile("(?<=\\s)(@?[a-z0-9][\\w./-]*)@(\\S+)");
    /** The walkthroughs' own Node.js declarations: a user's project has its own. */
    private static final String WALKTHROUGHS_ONLY = "@types/node";

    @Test
    void theDocumentsInstallLinesNameEveryPinnedPackageAtItsPinnedVersion() throws IOException {
        JsonNode pinned = json("tests/generated-client/typescript/package.json").get("devDependencies");
        JsonNode locked = json("tests/generated-client/typescript/package-lock.json").get("packages");
        Map<String, String> expected = new TreeMap<>();
        pinned.fields().forEachRemaining(pin -> {
            assertEquals(pin.getValue().asText(), locked.get("node_modules/" + pin.getKey()).get("version").asText(),
                    pin.getKey() + ": package.json and package-lock.json");
            if (!pin.getKey().equals(WALKTHROUGHS_ONLY)) {
                expected.put(pin.getKey(), pin.getValue().asText());
            }
        });
        assertEquals(expected, installLines(), "docs/CLIENTS.md's npm i lines");
    }

    @Test
    void theTypeScriptPinnedIsTheOneOpenApiTypeScriptNeeds() throws IOException {
        JsonNode locked = json("tests/generated-client/typescript/package-lock.json").get("packages");
        String needed = locked.get("node_modules/openapi-typescript").get("peerDependencies").get("typescript").asText();
        String typescript = locked.get("node_modules/typescript").get("version").asText();
        assertEquals("^5.x", needed, "openapi-typescript's peer dependency, which the document explains");
        assertTrue(typescript.startsWith("5."), "TypeScript " + typescript + " for openapi-typescript's " + needed);
    }

    /** Each package@version of the document's npm i lines (comments after # left out). */
    private static Map<String, String> installLines() throws IOException {
        Map<String, String> named = new TreeMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/CLIENTS.md"))) {
            if (line.startsWith("npm i ")) {
                Matcher pin = PINNED.matcher(line.split("#", 2)[0]);
                while (pin.find()) {
                    named.put(pin.group(1), pin.group(2));
                }
            }
        }
        return named;
    }

    private static JsonNode json(String path) throws IOException {
        return new ObjectMapper().readTree(ROOT.resolve(path).toFile());
    }
}
