package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.api.IssuerDiscovery;
import dev.orders.local.api.LocalIssuer;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.net.URI;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The JWT configuration start-api's authorizer runs with, as the template's authorizer has one: the issuer
 * it trusts and the audiences a token must name. Each comes from its flag ({@value #ISSUER_FLAG},
 * {@value #AUDIENCE_FLAG}), else its variable ({@value #ISSUER_VARIABLE}, {@value #AUDIENCE_VARIABLE}), else
 * the template's {@code JwtConfiguration} (a {@code !Ref} parameter being its value: --parameter-overrides', else
 * its Default, as in a stack; a list parameter's, such as JwtAudience, being its comma-separated members). Without an
 * issuer, it is sam-local's own ({@code otherIssuer} empty), and the audience defaults to
 * {@value LocalIssuer#DEFAULT_AUDIENCE}.
 */
record JwtSettings(Optional<URI> otherIssuer, List<String> audience) {
    static final String ISSUER_FLAG = "--jwt-issuer";
    static final String AUDIENCE_FLAG = "--jwt-audience";
    static final String ISSUER_VARIABLE = "SAM_LOCAL_JWT_ISSUER";
    static final String AUDIENCE_VARIABLE = "SAM_LOCAL_JWT_AUDIENCE";

    JwtSettings {
        audience = List.copyOf(audience);
    }

    static JwtSettings resolve(SamTemplate template, Arguments arguments, UnaryOperator<String> env) {
        Optional<SamTemplate.JwtConfiguration> configured = template.jwtConfiguration();
        Optional<String> issuer = given(arguments.value(ISSUER_FLAG, null))
                .or(() -> given(env.apply(ISSUER_VARIABLE)))
                .or(() -> configured.flatMap(c -> resolved(template, c.issuer())));
        List<String> audience = given(arguments.value(AUDIENCE_FLAG, null))
                .or(() -> given(env.apply(AUDIENCE_VARIABLE)))
                .map(JwtSettings::list)
                .orElseGet(() -> configured.map(c -> c.audience().stream().map(a -> resolved(template, a))
                        .flatMap(Optional::stream).flatMap(audiences -> list(audiences).stream()).toList()).orElse(List.of()));
        if (issuer.isEmpty()) {
            return new JwtSettings(Optional.empty(), audience.isEmpty() ? List.of(LocalIssuer.DEFAULT_AUDIENCE) : audience);
        }
        URI url;
        try {
            url = URI.create(issuer.get());
        } catch (IllegalArgumentException e) {
            throw new UsageException("the JWT issuer " + issuer.get() + " is no URL");
        }
        IssuerDiscovery.SYSTEM.requireSecure(url, "the JWT issuer");
        if (audience.isEmpty()) {
            throw new UsageException("the JWT issuer " + url + " needs an audience: " + AUDIENCE_FLAG + " or "
                    + AUDIENCE_VARIABLE + ", the aud (or client_id) its tokens carry");
        }
        return new JwtSettings(Optional.of(url), audience);
    }

    /** The audiences as the flag or variable gives them: comma-separated. */
    static List<String> list(String audiences) {
        return Arrays.stream(audiences.split(",")).map(String::strip).filter(a -> !a.isEmpty()).toList();
    }

    /** sam-local's own issuer at {@code url}, with the key kept under the repository ({@value LocalIssuer#KEY_FILE}). */
    LocalIssuer localIssuer(URI url) {
        return LocalIssuer.load(RepositoryRoot.locate().resolve(LocalIssuer.KEY_FILE), url, audience, Clock.systemUTC());
    }

    private static Optional<String> given(String value) {
        return Optional.ofNullable(value).map(String::strip).filter(v -> !v.isEmpty());
    }

    /** A literal, or a parameter's value; anything else cannot be known locally. */
    private static Optional<String> resolved(SamTemplate template, Object value) {
        if (value instanceof String literal) {
            return given(literal);
        }
        if (value instanceof CloudFormationYaml.Intrinsic intrinsic && "Ref".equals(intrinsic.name())
                && intrinsic.argument() instanceof String parameter) {
            return template.parameterValue(parameter).flatMap(JwtSettings::given);
        }
        throw new UsageException("template: the JWT authorizer's " + value + " cannot be resolved locally; give "
                + ISSUER_FLAG + " and " + AUDIENCE_FLAG);
    }
}
