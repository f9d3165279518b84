package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.api.LocalIssuer;
import dev.orders.localaws.template.SamTemplate;
import java.time.Duration;
import java.util.List;

/**
 * {@code token SUBJECT [SCOPE ...] [--scp] [--hours N] [--host H] [--port P]}: a bearer token of sam-local's
 * own issuer, as start-api on that host and port serves it (its issuer URL), for the audience start-api
 * requires. The scopes go in the text claim {@code scope}, or with {@code --scp} in the array claim
 * {@code scp}, as some identity providers issue them. When start-api trusts another issuer, that issuer's
 * tokens are the only ones it accepts: then this is a usage error.
 */
final class TokenCommand implements Command {

    @Override
    public int run(Arguments arguments) {
        arguments.allow("--hours", "--scp", "--host", "--port");
        if (arguments.positionals().isEmpty()) {
            throw new UsageException("token needs a subject (the customer id), e.g. ./sam-local token c-ada");
        }
        Duration lifetime;
        try {
            lifetime = Duration.ofHours(Long.parseLong(arguments.value("--hours", "12")));
        } catch (NumberFormatException e) {
            throw new UsageException("--hours takes a whole number");
        }
        JwtSettings settings = JwtSettings.resolve(SamTemplate.repository(), arguments, System::getenv);
        settings.otherIssuer().ifPresent(issuer -> {
            throw new UsageException("start-api trusts the issuer " + issuer + " (" + JwtSettings.ISSUER_VARIABLE
                    + " or the template), whose tokens only it can sign; ./sam-local token signs for sam-local's own issuer");
        });
        List<String> subjectAndScopes = arguments.positionals();
        LocalIssuer.ScopeClaim claim = arguments.flag("--scp") ? LocalIssuer.ScopeClaim.SCP : LocalIssuer.ScopeClaim.SCOPE;
        LocalIssuer issuer = settings.localIssuer(LocalIssuer.url(arguments.value("--host", "127.0.0.1"), arguments.port(3000)));
        System.out.println(issuer.mint(subjectAndScopes.get(0), subjectAndScopes.subList(1, subjectAndScopes.size()), claim, lifetime));
        return 0;
    }
}
