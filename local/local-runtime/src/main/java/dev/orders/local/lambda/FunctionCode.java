package dev.orders.local.lambda;

import dev.orders.localaws.template.SamTemplate;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Where each function's classes come from ({@link #jars}: its deployable jar; under --watch: the code
 * dev.orders.local.watch compiled last), and every set of warm instances made of them, so that new code
 * reaches whatever invokes the function: the HTTP or Invoke API, a stream's poller, a rule of the bus.
 */
public final class FunctionCode {
    private final Function<SamTemplate.Function, List<Path>> classPath;
    private final Map<String, List<FunctionInstances>> running = new ConcurrentHashMap<>();

    /** {@code classPath}: the function's code as it is now, asked again for each new instance. */
    public FunctionCode(Function<SamTemplate.Function, List<Path>> classPath) {
        this.classPath = classPath;
    }

    /** Each function from its built jar, the template's CodeUri. */
    public static FunctionCode jars(Path repositoryRoot) {
        return new FunctionCode(function -> List.of(LambdaFunction.builtJar(function, repositoryRoot)));
    }

    /** The function's code now; fails (a usage error) if it is not built. */
    public List<Path> classPath(SamTemplate.Function function) {
        return classPath.apply(function);
    }

    /** Warm instances of {@code function}, up to {@code limit}; fails now if its code is not built. */
    public FunctionInstances instances(SamTemplate.Function function, int limit) {
        classPath(function);
        FunctionInstances instances = new FunctionInstances(() -> new LambdaFunction(function, classPath(function)), limit);
        running.computeIfAbsent(function.logicalId(), id -> new CopyOnWriteArrayList<>()).add(instances);
        return instances;
    }

    /** The code of these functions changed: their next requests start new instances, the old ones end. */
    public void changed(Collection<String> logicalIds) {
        logicalIds.forEach(id -> running.getOrDefault(id, List.of()).forEach(FunctionInstances::retire));
    }
}
