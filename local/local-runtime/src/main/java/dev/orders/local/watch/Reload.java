package dev.orders.local.watch;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/** What a change did: the line watch mode prints after a save, or nothing when the save changed nothing. */
sealed interface Reload permits Reload.Reloaded, Reload.NotCompiled, Reload.Unchanged {
    String message();

    /**
     * {@code changed}: the modules whose sources changed; {@code compiled}: those compiled (them, and those compiled
     * against them whose compilation could differ) and their number of sources; {@code functions}: those that start
     * anew; {@code took}: from the save to the new code in place.
     */
    record Reloaded(List<String> changed, List<Compilation> compiled, List<String> functions, Duration took) implements Reload {
        @Override
        public String message() {
            return "reloaded in " + took.toMillis() + " ms after the save (" + String.join(", ", changed) + " changed; compiled "
                    + compiled.stream().map(c -> c.module() + " (" + c.sources() + " sources, " + c.took().toMillis() + " ms)")
                    .collect(Collectors.joining(", ")) + "): " + (functions.isEmpty() ? "no function uses them"
                    : String.join(", ", functions) + " run the new code from their next request");
        }
    }

    /** A module compiled: its number of sources, how long javac took. */
    record Compilation(String module, int sources, Duration took) {
    }

    /** {@code module} does not compile: javac's {@code errors}; nothing was replaced. */
    record NotCompiled(String module, String errors) implements Reload {
        @Override
        public String message() {
            return module + " does not compile; the last good code keeps serving:\n" + errors;
        }
    }

    /** The files saved are as they were compiled last (a save without a change, an editor's temporary file). */
    record Unchanged() implements Reload {
        @Override
        public String message() {
            return "nothing changed";
        }
    }
}
