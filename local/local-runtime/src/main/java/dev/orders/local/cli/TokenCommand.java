package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.api.LocalIssuer;
import java.time.Duration;
import java.util.List;

/**
 * {@code token SUBJECT [SCOPE ...] [--scp] [--hours N] [--host H] [--port P]}: a bearer token of sam-local's
 * own issuer, as start-api on that host and port serves it (its issuer URL), for the audience start-api
 * requires (with the same -t and --parameter-overrides: its JwtAudience). The scopes go in the text claim {@code scope}, or with {@code --scp} in the array claim
 * {@code scp}, as some identity providers issue them. When start-api trusts another issuer, that issuer's
 * tokens are the only ones it accepts: then this is a usage error.
 */
final class TokenCommand implements Command {
    static final Option HOURS = Option.value("HOURS", "How long the token lives (default: 12).", "--hours");
    static final Option SCP = Option.flag("Put the scopes in the array claim scp (as Okta does) instead of the text claim"
            + " scope.", "--scp");
    static final Usage USAGE = Usage.ownCommand("token", "SUBJECT [SCOPE ...]", "Prints a bearer token of sam-local's own"
                    + " issuer for SUBJECT with the SCOPEs, which start-api on --host and --port accepts (its issuer URL"
                    + " names them).",
            List.of("./sam-local token ops-admin orders:admin"),
            List.of(new Usage.Section("Options", HOURS, SCP, Option.value("TEXT", "start-api's --host (default: 127.0.0.1).",
                    "--host"), Option.value("INTEGER", "start-api's --port (default: 3000).", "-p", "--port")),
                    new Usage.Section("Template Options (start-api's, for its audience)", SamOptions.TEMPLATE,
                            SamOptions.PARAMETER_OVERRIDES)));

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) {
        if (arguments.positionals().isEmpty()) {
            throw new UsageException("token needs a subject (the customer id), e.g. ./sam-local token c-ada");
        }
        Duration lifetime;
        try {
            lifetime = Duration.ofHours(Long.parseLong(arguments.value(HOURS.name(), "12")));
        } catch (NumberFormatException e) {
            throw new UsageException("--hours takes a whole number");
        }
        JwtSettings settings = JwtSettings.resolve(SamOptions.template(arguments), arguments, System::getenv);
        settings.otherIssuer().ifPresent(issuer -> {
            throw new UsageException("start-api trusts the issuer " + issuer + " (" + JwtSettings.ISSUER_VARIABLE
                    + " or the template), whose tokens only it can sign; ./sam-local token signs for sam-local's own issuer");
        });
        List<String> subjectAndScopes = arguments.positionals();
        LocalIssuer.ScopeClaim claim = arguments.flag(SCP.name()) ? LocalIssuer.ScopeClaim.SCP : LocalIssuer.ScopeClaim.SCOPE;
        LocalIssuer issuer = settings.localIssuer(LocalIssuer.url(arguments.value("--host", "127.0.0.1"), arguments.port(3000)));
        System.out.println(issuer.mint(subjectAndScopes.get(0), subjectAndScopes.subList(1, subjectAndScopes.size()), claim, lifetime));
        return 0;
    }
}
