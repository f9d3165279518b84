package dev.orders.http.support;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.http.api.HttpApiCodec;
import dev.orders.lambda.json.Json;
import dev.orders.localaws.template.SamTemplate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * HTTP API events as a function reads them: the sample files of events/, or variations of them, read
 * with the functions' own {@link HttpApiCodec}.
 */
public final class SampleEvents {
    private SampleEvents() {
    }

    public static Path repositoryRoot() {
        String root = System.getProperty("order-service.root");
        Path dir = root != null ? Path.of(root) : Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("template.yaml"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("template.yaml not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    /**
     * Every HTTP sample's name, as {@link #load} takes it, e.g. {@code create-order/create-order}; sorted. Only the
     * samples of a function with routes in the template are API Gateway events: not the publisher's stream batches
     * ({@code Records}) nor the schedule's notifications.
     */
    public static List<String> names() {
        Path events = repositoryRoot().resolve("events");
        Set<String> httpModules = SamTemplate.repository().functions().stream().filter(f -> !f.routes().isEmpty())
                .map(f -> f.codeUri().split("/")[1]).collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(events)) {
            return files.filter(f -> f.toString().endsWith(".json"))
                    .filter(f -> httpModules.contains(events.relativize(f).getName(0).toString()))
                    .map(f -> events.relativize(f).toString().replace('\\', '/').replace(".json", ""))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every sample of {@code events/<module>/}, listed from the directory, as {@link #load} takes them; sorted. */
    public static List<String> names(String module) {
        return names().stream().filter(name -> name.startsWith(module + "/")).toList();
    }

    /** The samples of {@code module} on a customer's own routes, under {@code /customers/{customerId}}. */
    public static List<String> onCustomersRoutes(String module) {
        return names(module).stream().filter(name -> path(name).startsWith("/customers/{customerId}")).toList();
    }

    /** The samples of {@code module} on routes for administrators: those the template gives AuthorizationScopes. */
    public static List<String> onAdministratorsRoutes(String module) {
        return names(module).stream().filter(name -> Api.declaresScopes((String) json(name).get("routeKey"))).toList();
    }

    /** The samples of {@code module} that carry a body. */
    public static List<String> withBody(String module) {
        return names(module).stream().filter(name -> json(name).get("body") != null).toList();
    }

    private static String path(String sample) {
        return ((String) json(sample).get("routeKey")).split(" ", 2)[1];
    }

    /** The sample {@code events/<name>.json}, e.g. {@code create-order/create-order}. */
    public static APIGatewayV2HTTPEvent load(String name) {
        return fromJson(text(name));
    }

    /** The sample's JSON as a mutable map, to derive a variation from it. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> json(String name) {
        try {
            return new LinkedHashMap<>((Map<String, Object>) Json.parse(text(name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static APIGatewayV2HTTPEvent fromJson(Map<String, Object> json) {
        return fromJson(Json.write(json));
    }

    public static APIGatewayV2HTTPEvent fromJson(String json) {
        return HttpApiCodec.readEvent(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static String text(String name) {
        try {
            return Files.readString(repositoryRoot().resolve("events").resolve(name + ".json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
