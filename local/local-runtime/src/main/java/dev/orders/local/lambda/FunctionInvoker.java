package dev.orders.local.lambda;

/**
 * What runs a function's invocations: its warm instances in this JVM ({@link FunctionInstances}), or a JVM of its
 * own (start-api's and start-lambda's --debug-function).
 */
public interface FunctionInvoker extends AutoCloseable {
    /** Runs the event; returns the response JSON. The handler's failures propagate. */
    byte[] invoke(byte[] eventJson, String requestId) throws Exception;

    @Override
    void close();
}
