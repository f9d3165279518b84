package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.api.LocalJwtAuthorizer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * {@code token SUBJECT [SCOPE ...] [--scp]}: a bearer token for start-api's authorizer, signed with
 * LOCAL_JWT_SECRET, as a client sends it. The scopes go in the text claim {@code scope}, or with
 * {@code --scp} in the array claim {@code scp}, as some identity providers issue them.
 */
final class TokenCommand implements Command {

    @Override
    public int run(Arguments arguments) {
        arguments.allow("--hours", "--scp");
        if (arguments.positionals().isEmpty()) {
            throw new UsageException("token needs a subject (the customer id), e.g. ./sam-local token c-ada");
        }
        if (System.getenv(LocalJwtAuthorizer.SECRET_VARIABLE) == null) {
            throw new UsageException(LocalJwtAuthorizer.SECRET_VARIABLE + " is not set; export the same value "
                    + "start-api runs with");
        }
        Duration lifetime;
        try {
            lifetime = Duration.ofHours(Long.parseLong(arguments.value("--hours", "12")));
        } catch (NumberFormatException e) {
            throw new UsageException("--hours takes a whole number");
        }
        List<String> subjectAndScopes = arguments.positionals();
        LocalJwtAuthorizer.ScopeClaim claim = arguments.flag("--scp") ? LocalJwtAuthorizer.ScopeClaim.SCP
                : LocalJwtAuthorizer.ScopeClaim.SCOPE;
        System.out.println(LocalJwtAuthorizer.fromEnvironment(System.getenv(), Clock.systemUTC())
                .mint(subjectAndScopes.get(0), subjectAndScopes.subList(1, subjectAndScopes.size()), claim, lifetime));
        return 0;
    }
}
