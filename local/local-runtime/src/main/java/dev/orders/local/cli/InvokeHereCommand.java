package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.lambda.UnhandledError;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** {@code __invoke}: invoke's function JVM. Prints the function's response, or Lambda's error for an unhandled exception. */
final class InvokeHereCommand implements Command {
    static final String VERB = "__invoke";
    private static final Usage USAGE = Usage.ownCommand(VERB, "FUNCTION_LOGICAL_ID EVENT_FILE",
            "invoke's function JVM, which invoke starts.", List.of(), List.of(new Usage.Section("Options", SamOptions.TEMPLATE)));

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        PrintStream stdout = ChildJvm.handlerLogsToStderr();
        SamTemplate template = SamTemplate.load(SamOptions.templateFile(arguments));
        SamTemplate.Function function = arguments.function(template);
        byte[] event = SignedSamples.signedNow(Files.readAllBytes(Path.of(arguments.positional(1, "event file"))),
                System.getenv(), Clock.systemUTC());
        LambdaFunction lambda = new LambdaFunction(function, SamOptions.codeRoot(template));
        try {
            stdout.write(lambda.invoke(event, LambdaFunction.newRequestId()));
            stdout.println();
            return 0;
        } catch (UsageException e) {
            throw e;
        } catch (Exception e) {
            return unhandled(stdout, function, e);
        } finally {
            stdout.flush();
            lambda.close();
        }
    }

    /** What Lambda returns for an unhandled exception (or an Error in the handler's init). */
    private static int unhandled(PrintStream stdout, SamTemplate.Function function, Exception e) throws IOException {
        UnhandledError error = UnhandledError.of(e);
        stdout.write(error.json());
        stdout.println();
        Log.SAM_LOCAL.line(function.logicalId() + " failed: " + error.errorType() + ": " + error.errorMessage());
        return 1;
    }
}
