package dev.orders.client;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.MethodDescriptor;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;

/** Runs a walkthrough's steps in the order README.md makes their calls ({@link ReadmeCall}); steps of no call last. */
public class ReadmeOrder implements MethodOrderer {
    @Override
    public void orderMethods(MethodOrdererContext context) {
        List<String> calls = ReadmeWalkthrough.calls();
        context.getMethodDescriptors().sort(Comparator.comparingInt((MethodDescriptor step) -> step
                .findAnnotation(ReadmeCall.class).map(call -> position(call, calls)).orElse(calls.size())));
    }

    /** Where {@code call} stands among the README's {@code calls}; a call the README does not make fails. */
    static int position(ReadmeCall call, List<String> calls) {
        int seen = 0;
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).equals(call.value()) && ++seen == call.occurrence()) {
                return i;
            }
        }
        throw new AssertionError("README.md's walkthrough has no call " + call.value() + " (occurrence "
                + call.occurrence() + ")");
    }
}
