package dev.orders.localaws;

/** The runtime's own lines on stderr (stdout is for command output); the prefix says which part speaks. */
public enum Log {
    /** ./sam-local, and the functions and HTTP API it runs. */
    SAM_LOCAL("[sam-local] "),
    /** Starting and stopping Dynoxide, and its tables. */
    LOCAL_DYNAMODB("[local-dynamodb] ");

    private final String prefix;

    Log(String prefix) {
        this.prefix = prefix;
    }

    public void line(String message) {
        System.err.println(prefix + message);
    }
}
