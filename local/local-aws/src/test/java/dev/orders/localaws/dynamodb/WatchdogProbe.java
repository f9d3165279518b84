package dev.orders.localaws.dynamodb;

/** Run in its own JVM by {@link ParentWatchdogTest}: starts a server, reports its pid, waits to be killed. */
public final class WatchdogProbe {
    public static void main(String[] args) throws InterruptedException {
        LocalDynamoDb db = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults());
        System.out.println("SERVER_PID=" + db.process().orElseThrow().pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
