package dev.orders.local.lambda;

import dev.orders.local.UsageException;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.SamTemplate;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * One function as the Lambda Java runtime runs it: its deployable jar in its own class loader,
 * whose parent is the platform class loader (so a class missing from the jar is missing here too,
 * not quietly found on sam-local's classpath). Besides the jar the loader holds only what the
 * runtime itself provides, aws-lambda-java-serialization, which turns event JSON into the
 * handler's input type and its output back into JSON, as in Lambda. Under start-api --watch the
 * jar's place is taken by what it is made of: the function's modules' classes and its dependencies' jars.
 *
 * <p>The handler is created once, on the first invocation (a cold start, logged with its init
 * time), then reused like a warm container. Like one container, it serves one invocation at a time.
 */
public final class LambdaFunction implements AutoCloseable {
    private static final String RUNTIME = "com.amazonaws.services.lambda.runtime.";
    private static final String SERIALIZERS = RUNTIME + "serialization.events.LambdaEventSerializers";
    /** What the runtime's serializer loads for stream events, and the Java runtime provides beside it. */
    private static final String JODA_TIME = "org.joda.time.DateTime";

    private final SamTemplate.Function function;
    /** The function's code: its jar, or under start-api --watch its modules' classes and its dependencies' jars. */
    private final List<Path> code;
    private final Path serializationJar;
    private final Path jodaTimeJar;
    private URLClassLoader loader;
    private Invoker invoker;

    /** Calls the handler with event JSON, returns response JSON. */
    private interface Invoker {
        byte[] invoke(byte[] event, Object context) throws Exception;
    }

    /** The function from its built jar (the template's CodeUri); a usage error if it is not built. */
    public LambdaFunction(SamTemplate.Function function, Path repositoryRoot) {
        this(function, List.of(builtJar(function, repositoryRoot)));
    }

    /** The function from {@code code}, the class path its class loader holds besides what the runtime provides. */
    public LambdaFunction(SamTemplate.Function function, List<Path> code) {
        this.function = function;
        this.code = List.copyOf(code);
        this.serializationJar = codeSource(SERIALIZERS);
        this.jodaTimeJar = codeSource(JODA_TIME);
    }

    /** The function's jar, the template's CodeUri; a usage error if it is not built. */
    public static Path builtJar(SamTemplate.Function function, Path repositoryRoot) {
        Path jar = repositoryRoot.resolve(function.codeUri());
        if (!Files.isRegularFile(jar)) {
            throw new UsageException(function.logicalId() + ": " + function.codeUri()
                    + " is not built (run ./mvnw -DskipTests package)");
        }
        return jar;
    }

    /**
     * A new invocation's request id: a random (version 4) UUID, as Lambda's are. Unique, not secret: from
     * ThreadLocalRandom, not SecureRandom, whose one lock every request thread would queue on.
     */
    public static String newRequestId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = random.nextLong() & ~0xF000L | 0x4000L;
        long low = random.nextLong() & 0x3FFFFFFFFFFFFFFFL | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    /**
     * Runs the handler once with {@code eventJson}; returns the response JSON. Handler failures propagate. Around
     * the handler, Lambda's START, END and REPORT lines go to stderr, where the handler's logs go.
     */
    public synchronized byte[] invoke(byte[] eventJson, String requestId) throws Exception {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try {
            Optional<Duration> init = initialiseOnFirstInvocation();
            Thread.currentThread().setContextClassLoader(loader);
            System.err.print(PlatformLines.start(requestId));
            long start = System.nanoTime();
            try {
                return invoker.invoke(eventJson, context(requestId, start));
            } finally {
                Duration duration = Duration.ofNanos(System.nanoTime() - start);
                System.err.print(PlatformLines.end(requestId) + new PlatformLines.Report(requestId, duration, init,
                        function.memoryMb(), ProcessMemory.peakMb()).line());
            }
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** The handler made on the first invocation (a cold start; its init time is logged and returned); empty when warm. */
    private Optional<Duration> initialiseOnFirstInvocation() throws Exception {
        if (invoker != null) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        loader = new URLClassLoader(function.logicalId(), Stream.concat(code.stream(), Stream.of(serializationJar, jodaTimeJar))
                .map(LambdaFunction::url).toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Thread.currentThread().setContextClassLoader(loader);
        invoker = initialise();
        Duration init = Duration.ofNanos(System.nanoTime() - start);
        Log.SAM_LOCAL.line(function.logicalId() + ": init " + init.toMillis() + " ms (first invocation, handler "
                + function.handler() + ")");
        return Optional.of(init);
    }

    private Invoker initialise() throws Exception {
        Class<?> handlerClass = loader.loadClass(function.handlerClass());
        Object handler = handlerClass.getConstructor().newInstance();
        Class<?> contextType = loader.loadClass(RUNTIME + "Context");
        Class<?> streamHandler = loader.loadClass(RUNTIME + "RequestStreamHandler");
        if (streamHandler.isAssignableFrom(handlerClass)) {
            Method handle = streamHandler.getMethod(function.handlerMethod(), InputStream.class, OutputStream.class, contextType);
            return (event, context) -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                handle.invoke(handler, new ByteArrayInputStream(event), out, context);
                return out.toByteArray();
            };
        }
        Method handle = Arrays.stream(handlerClass.getMethods())
                .filter(m -> m.getName().equals(function.handlerMethod()) && !m.isBridge() && m.getParameterCount() == 2
                        && m.getParameterTypes()[1] == contextType)
                .findFirst()
                .orElseThrow(() -> new UsageException(function.logicalId() + ": " + function.handlerClass() + " has no "
                        + function.handlerMethod() + "(event, Context) and is no RequestStreamHandler"));
        Object input = serializer(handle.getParameterTypes()[0]);
        Object output = serializer(handle.getReturnType());
        Method fromJson = input.getClass().getMethod("fromJson", InputStream.class);
        Method toJson = output.getClass().getMethod("toJson", Object.class, OutputStream.class);
        fromJson.setAccessible(true);
        toJson.setAccessible(true);
        return (event, context) -> {
            Object request = fromJson.invoke(input, new ByteArrayInputStream(event));
            Object response = handle.invoke(handler, request, context);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            toJson.invoke(output, response, out);
            return out.toByteArray();
        };
    }

    /** The runtime's serializer for {@code type}, from the function's own copy of the serialization library. */
    private Object serializer(Class<?> type) throws ReflectiveOperationException {
        Class<?> serializers = loader.loadClass(SERIALIZERS);
        return serializers.getMethod("serializerFor", Class.class, ClassLoader.class).invoke(null, type, loader);
    }

    /** A Context over the function loader's own interface (the handler's Context class is the jar's). */
    private Object context(String requestId, long startNanos) throws ClassNotFoundException {
        Class<?> contextType = loader.loadClass(RUNTIME + "Context");
        Object logger = logger();
        String name = function.logicalId();
        return Proxy.newProxyInstance(loader, new Class<?>[] {contextType}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "getAwsRequestId":
                    return requestId;
                case "getFunctionName":
                    return name;
                case "getFunctionVersion":
                    return "$LATEST";
                case "getInvokedFunctionArn":
                    return "arn:aws:lambda:us-east-1:123456789012:function:" + name;
                case "getLogGroupName":
                    return "/aws/lambda/" + name;
                case "getLogStreamName":
                    return "sam-local/" + ProcessHandle.current().pid();
                case "getRemainingTimeInMillis":
                    return (int) Math.max(0, function.timeout().toMillis() - Duration.ofNanos(System.nanoTime() - startNanos).toMillis());
                case "getMemoryLimitInMB":
                    return function.memoryMb();
                case "getLogger":
                    return logger;
                case "getIdentity":
                case "getClientContext":
                    return null;
                default:
                    return objectMethod(proxy, method, args, "Context " + requestId);
            }
        });
    }

    /** The Context's LambdaLogger: to stderr, where the handler's other logs go. */
    private Object logger() throws ClassNotFoundException {
        Class<?> loggerType = loader.loadClass(RUNTIME + "LambdaLogger");
        return Proxy.newProxyInstance(loader, new Class<?>[] {loggerType}, (proxy, method, args) -> {
            if (method.getName().equals("log") && args != null && args.length > 0) {
                String text = args[0] instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(args[0]);
                System.err.println(text);
                return null;
            }
            return objectMethod(proxy, method, args, "LambdaLogger");
        });
    }

    private static Object objectMethod(Object proxy, Method method, Object[] args, String description) {
        switch (method.getName()) {
            case "toString":
                return description;
            case "hashCode":
                return System.identityHashCode(proxy);
            case "equals":
                return proxy == args[0];
            default:
                throw new UnsupportedOperationException(method.toString());
        }
    }

    /** The jar a class of sam-local's own classpath comes from. */
    private static Path codeSource(String className) {
        try {
            // Not initialised: the serializers' static set-up (~40 ms) is only for a handler that needs them.
            return Path.of(Class.forName(className, false, LambdaFunction.class.getClassLoader()).getProtectionDomain()
                    .getCodeSource().getLocation().toURI());
        } catch (ReflectiveOperationException | java.net.URISyntaxException e) {
            throw new IllegalStateException("sam-local's classpath lacks " + className, e);
        }
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException e) {
                Log.SAM_LOCAL.line(function.logicalId() + ": closing its class loader failed: " + e);
            }
        }
    }
}
