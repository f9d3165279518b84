package dev.orders.local.cli;

/** One verb of ./sam-local. */
interface Command {
    /** Its options, help and samconfig section. */
    Usage usage();

    /** Runs the verb; returns the process's exit code. Throws UsageException for bad usage (exit code 2). */
    int run(Arguments arguments) throws Exception;
}
