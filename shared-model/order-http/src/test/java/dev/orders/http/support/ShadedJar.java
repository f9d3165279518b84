package dev.orders.http.support;

import dev.orders.lambda.json.Json;
import dev.orders.lambda.logging.PowertoolsLogLevels;
import dev.orders.wiring.Services;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.Map;

/**
 * A function's deployable jar, loaded alone (only the JDK as parent, nothing from the test
 * classpath) and invoked as the Lambda Java runtime invokes a stream handler: event JSON in,
 * response JSON out. What the shade plugin left out shows up here, not in production.
 */
public final class ShadedJar implements AutoCloseable {
    private static final String CONTEXT = "com.amazonaws.services.lambda.runtime.Context";

    private final URLClassLoader loader;

    private ShadedJar(Path jar) throws IOException {
        this.loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    /** functions/&lt;module&gt;/target/&lt;module&gt;.jar, which must have been built (package phase). */
    public static Path path(String module) {
        Path jar = SampleEvents.repositoryRoot().resolve("functions").resolve(module).resolve("target")
                .resolve(module + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing; it is built in the package phase");
        }
        return jar;
    }

    public static ShadedJar of(String module) {
        try {
            return new ShadedJar(path(module));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The jar's handler class, built on the jar's Services from {@code env}; the payment webhook's also on its
     * secrets, as it reads them from {@code env}, and the system clock; one that reads more of {@code env}, on it too.
     */
    public Object handler(String className, Map<String, String> env) throws ReflectiveOperationException {
        ClassLoader previous = enter();
        try {
            Class<?> services = loader.loadClass(Services.class.getName());
            Object built = services.getMethod("fromEnvironment", Map.class).invoke(null, env);
            Class<?> handler = loader.loadClass(className);
            try {
                return handler.getConstructor(services).newInstance(built);
            } catch (NoSuchMethodException takesMore) {
                if (Arrays.stream(handler.getConstructors()).anyMatch(constructor ->
                        Arrays.equals(constructor.getParameterTypes(), new Class<?>[] {services, Map.class}))) {
                    // A function reading more of its environment than Services does (the payment window's length).
                    return handler.getConstructor(services, Map.class).newInstance(built, env);
                }
                Method secrets = handler.getMethod("secrets", Map.class);
                return handler.getConstructor(services, secrets.getReturnType(), Clock.class)
                        .newInstance(built, secrets.invoke(null, env), Clock.systemUTC());
            }
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** The jar's loggers at {@code level} (DEBUG, TRACE...), as Powertools sets them for POWERTOOLS_LOG_LEVEL. */
    public void setLogLevel(String level) throws ReflectiveOperationException {
        Class<?> slf4jLevel = loader.loadClass("org.slf4j.event.Level");
        Class<?> levels = loader.loadClass(PowertoolsLogLevels.class.getName());
        levels.getMethod("setLogLevel", slf4jLevel).invoke(levels.getConstructor().newInstance(),
                slf4jLevel.getMethod("valueOf", String.class).invoke(null, level));
    }

    /** The jar's loggers at the levels the environment gives, as at its start. */
    public void resetLogLevels() throws ReflectiveOperationException {
        loader.loadClass(PowertoolsLogLevels.class.getName()).getMethod("reset").invoke(null);
    }

    /** As the Lambda runtime does: the function's loader is the context loader (service loaders use it). */
    private ClassLoader enter() {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        return previous;
    }

    /** Invokes the handler with a sample event; the response's JSON as the runtime would return it. */
    public Map<String, Object> invoke(Object handler, String sample) throws ReflectiveOperationException {
        return invoke(handler, sample, SampleEvents.json(sample));
    }

    /** Invokes the handler with {@code event}, a variation of {@code sample} (e.g. signed now). */
    @SuppressWarnings("unchecked")
    public Map<String, Object> invoke(Object handler, String sample, Map<String, Object> event)
            throws ReflectiveOperationException {
        Class<?> contextClass = loader.loadClass(CONTEXT);
        ByteArrayInputStream input = new ByteArrayInputStream(Json.write(event).getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        ClassLoader previous = enter();
        try {
            handler.getClass().getMethod("handleRequest", InputStream.class, OutputStream.class, contextClass)
                    .invoke(handler, input, json, context(contextClass));
        } catch (InvocationTargetException e) {
            throw new AssertionError("the shaded handler threw on " + sample, e.getCause());
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        try {
            return (Map<String, Object>) Json.parse(json.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Object context(Class<?> contextClass) {
        return Proxy.newProxyInstance(loader, new Class<?>[] {contextClass}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "getAwsRequestId":
                    return "shaded-jar-request";
                case "getFunctionName":
                    return "shaded-jar";
                case "getFunctionVersion":
                    return "$LATEST";
                case "getInvokedFunctionArn":
                    return "arn:aws:lambda:us-east-1:123456789012:function:shaded-jar";
                case "getMemoryLimitInMB":
                    return 1024;
                case "getRemainingTimeInMillis":
                    return 15_000;
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                case "toString":
                    return "ShadedJarContext";
                default:
                    return null;
            }
        });
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }
}
