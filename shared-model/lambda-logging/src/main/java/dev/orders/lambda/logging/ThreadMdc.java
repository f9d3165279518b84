package dev.orders.lambda.logging;

import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.helpers.ThreadLocalMapOfStacks;
import org.slf4j.spi.MDCAdapter;

/**
 * The MDC of each thread, as Log4j's thread context kept it: a thread started in a request does not inherit the
 * request's entries (SLF4J's BasicMDCAdapter would hand them down, so an SDK thread started by the first request
 * would log that request's id ever after).
 */
final class ThreadMdc implements MDCAdapter {
    private static final ThreadLocal<Map<String, String>> ENTRIES = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocalMapOfStacks stacks = new ThreadLocalMapOfStacks();

    /** This thread's entries as they are, for the line written on this thread. */
    static Map<String, String> current() {
        return ENTRIES.get();
    }

    @Override
    public void put(String key, String value) {
        if (key == null) {
            throw new IllegalArgumentException("key cannot be null");
        }
        ENTRIES.get().put(key, value);
    }

    @Override
    public String get(String key) {
        return ENTRIES.get().get(key);
    }

    @Override
    public void remove(String key) {
        ENTRIES.get().remove(key);
    }

    @Override
    public void clear() {
        ENTRIES.get().clear();
    }

    @Override
    public Map<String, String> getCopyOfContextMap() {
        return new HashMap<>(ENTRIES.get());
    }

    @Override
    public void setContextMap(Map<String, String> contextMap) {
        Map<String, String> entries = ENTRIES.get();
        entries.clear();
        entries.putAll(contextMap);
    }

    @Override
    public void pushByKey(String key, String value) {
        stacks.pushByKey(key, value);
    }

    @Override
    public String popByKey(String key) {
        return stacks.popByKey(key);
    }

    @Override
    public Deque<String> getCopyOfDequeByKey(String key) {
        return stacks.getCopyOfDequeByKey(key);
    }

    @Override
    public void clearDequeByKey(String key) {
        stacks.clearDequeByKey(key);
    }
}
