package dev.orders.lambda.logging;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.logging.log4j.core.config.plugins.processor.PluginCache;
import org.junit.jupiter.api.Test;

/**
 * The plugin cache the functions' jars ship instead of the libraries' (Log4j loads every class a cache lists when it
 * starts): the libraries' entries of the categories a configuration built in code still reads, JsonTemplateLayout's
 * event resolvers and their interceptors (Powertools' among them) and the type converters its defaults go through.
 */
class PluginCacheTest {
    private static final String CACHE = "META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat";
    static final Set<String> CATEGORIES = Set.of("typeconverter", "jsontemplateresolverfactory",
            "jsontemplateresolverinterceptor");

    @Test
    void theShippedCacheIsTheLibrariesCacheOfTheCategoriesStillRead() throws IOException {
        List<URL> libraries = Collections.list(getClass().getClassLoader().getResources(CACHE)).stream()
                .filter(url -> url.getProtocol().equals("jar")).toList();
        PluginCache cache = new PluginCache();
        cache.loadCacheFiles(Collections.enumeration(libraries));
        cache.getAllCategories().keySet().retainAll(CATEGORIES);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        cache.writeCache(expected);
        Path written = Files.createDirectories(Path.of("target", "plugin-cache")).resolve("Log4j2Plugins.dat");
        Files.write(written, expected.toByteArray());

        assertArrayEquals(expected.toByteArray(), shipped(), "the libraries' cache changed: copy " + written.toAbsolutePath()
                + " to src/main/resources/" + CACHE);
    }

    private static byte[] shipped() throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("src", "main", "resources").resolve(CACHE))) {
            return in.readAllBytes();
        }
    }
}
