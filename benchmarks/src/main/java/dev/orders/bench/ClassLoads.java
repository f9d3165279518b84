package dev.orders.bench;

import java.net.URI;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes a JVM loaded to answer its first response, by where they came from, read from its
 * {@code -Xlog:class+load} lines up to the program's {@value #RESPONDED} line: the JDK's (from the CDS archive, from
 * its modules, or generated at run time), each library's by package, the project's, and the harness's own (a class
 * from a class path entry outside the program measured: the probe, the local runtime's stand-in, the baseline's
 * request reader). A lambda's class counts where its host class does.
 */
record ClassLoads(Map<Origin, Integer> counts) {
    /** What the probe and the baseline print once they have the first response, before measuring anything else. */
    static final String RESPONDED = "responded";
    /** The flag that makes a JVM print one line per class it loads, on stdout, in order with the program's own lines. */
    static final String FLAG = "-Xlog:class+load";

    private static final Pattern LINE = Pattern.compile("\\[class,load\\] (\\S+) source: (.+)$");

    enum Origin {
        CDS("JDK (CDS)"),
        MODULES("JDK (modules)"),
        GENERATED("JDK (generated)"),
        SDK("AWS SDK + HTTP client"),
        LOGGING("logging"),
        JSON("JSON"),
        POWERTOOLS("Powertools"),
        PROJECT("project"),
        OTHER("other"),
        HARNESS("harness");

        final String title;

        Origin(String title) {
            this.title = title;
        }
    }

    /**
     * Package prefixes of the libraries, most specific first: the SDK's shaded jackson-core is JSON, and the project's
     * SLF4J provider is logging.
     */
    private static final List<Map.Entry<String, Origin>> LIBRARIES = List.of(
            Map.entry("software.amazon.awssdk.thirdparty.jackson.", Origin.JSON),
            Map.entry("com.fasterxml.jackson.", Origin.JSON),
            Map.entry("software.amazon.awssdk.", Origin.SDK),
            Map.entry("software.amazon.eventstream.", Origin.SDK),
            Map.entry("org.apache.http.", Origin.SDK),
            Map.entry("org.apache.commons.codec.", Origin.SDK),
            Map.entry("org.reactivestreams.", Origin.SDK),
            Map.entry("io.netty.", Origin.SDK),
            Map.entry("org.slf4j.", Origin.LOGGING),
            Map.entry("org.apache.commons.logging.", Origin.LOGGING),
            Map.entry("software.amazon.lambda.powertools.", Origin.POWERTOOLS),
            Map.entry("dev.orders.lambda.logging.", Origin.LOGGING),
            Map.entry("dev.orders.", Origin.PROJECT));

    /**
     * The classes {@code output} logged before its {@value #RESPONDED} line; {@code measured}: the class path
     * entries of the program measured (the function's jar; the SDK's jars for the baseline). A class from any other
     * entry is the harness's.
     */
    static ClassLoads of(String output, Set<Path> measured) {
        Map<Origin, Integer> counts = new EnumMap<>(Origin.class);
        for (Origin origin : Origin.values()) {
            counts.put(origin, 0);
        }
        Map<String, Origin> loaded = new HashMap<>();
        for (String line : output.split("\n")) {
            if (line.equals(RESPONDED)) {
                return new ClassLoads(counts);
            }
            Matcher matcher = LINE.matcher(line);
            if (matcher.find()) {
                String name = matcher.group(1);
                Origin origin = origin(name, matcher.group(2).trim(), measured, loaded);
                loaded.put(name, origin);
                counts.merge(origin, 1, Integer::sum);
            }
        }
        throw new IllegalStateException("no line \"" + RESPONDED + "\" after the classes loaded:\n" + output);
    }

    private static Origin origin(String name, String source, Set<Path> measured, Map<String, Origin> loaded) {
        if (source.startsWith("shared objects file")) {
            return Origin.CDS;
        }
        if (source.startsWith("jrt:/")) {
            return Origin.MODULES;
        }
        if (source.startsWith("file:")) {
            return measured.contains(Path.of(URI.create(source)).toAbsolutePath().normalize())
                    ? library(name) : Origin.HARNESS;
        }
        // A lambda's class names its host class as source; other sources (__JVM_LookupDefineClass__,
        // __dynamic_proxy__, __ClassDefiner__) are classes the JDK generates: method handles, proxies, accessors.
        Origin host = loaded.get(source);
        if (host == null) {
            return Origin.GENERATED;
        }
        return host == Origin.CDS || host == Origin.MODULES ? Origin.GENERATED : host;
    }

    private static Origin library(String name) {
        return LIBRARIES.stream().filter(library -> name.startsWith(library.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse(Origin.OTHER);
    }

    int count(Origin origin) {
        return counts.get(origin);
    }

    int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }
}
