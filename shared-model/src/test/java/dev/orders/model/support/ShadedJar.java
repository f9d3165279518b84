package dev.orders.model.support;

import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import dev.orders.api.Json;
import dev.orders.api.Services;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A function's deployable jar, loaded alone (only the JDK as parent, nothing from the test
 * classpath) and invoked as the Lambda Java runtime does: the event read with the runtime's event
 * serializer against the jar's own classes, the handler called, the response written back. What
 * the shade plugin left out shows up here, not in production.
 */
public final class ShadedJar implements AutoCloseable {
    private static final String EVENT = "com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent";
    private static final String CONTEXT = "com.amazonaws.services.lambda.runtime.Context";

    private final URLClassLoader loader;

    private ShadedJar(Path jar) throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing; it is built in the package phase");
        }
        this.loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    /** functions/&lt;module&gt;/target/&lt;module&gt;.jar */
    public static ShadedJar of(String module) {
        try {
            return new ShadedJar(SampleEvents.repositoryRoot().resolve("functions").resolve(module)
                    .resolve("target").resolve(module + ".jar"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The jar's handler class, built on the jar's Services from {@code env}. */
    public Object handler(String className, Map<String, String> env) throws ReflectiveOperationException {
        ClassLoader previous = enter();
        try {
            Class<?> services = loader.loadClass(Services.class.getName());
            Object built = services.getMethod("fromEnvironment", Map.class).invoke(null, env);
            return loader.loadClass(className).getConstructor(services).newInstance(built);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** As the Lambda runtime does: the function's loader is the context loader (service loaders use it). */
    private ClassLoader enter() {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        return previous;
    }

    /** Invokes the handler with a sample event; the response's JSON as the runtime would return it. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> invoke(Object handler, String sample) throws ReflectiveOperationException {
        Class<Object> eventClass = (Class<Object>) loader.loadClass(EVENT);
        Class<?> contextClass = loader.loadClass(CONTEXT);
        PojoSerializer<Object> events = LambdaEventSerializers.serializerFor(eventClass, loader);
        Object event = events.fromJson(new ByteArrayInputStream(
                Json.write(SampleEvents.json(sample)).getBytes(StandardCharsets.UTF_8)));
        Object response;
        ClassLoader previous = enter();
        try {
            response = handler.getClass().getMethod("handleRequest", eventClass, contextClass)
                    .invoke(handler, event, context(contextClass));
        } catch (InvocationTargetException e) {
            throw new AssertionError("the shaded handler threw on " + sample, e.getCause());
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        PojoSerializer<Object> responses = LambdaEventSerializers.serializerFor((Class<Object>) response.getClass(), loader);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        responses.toJson(response, json);
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
