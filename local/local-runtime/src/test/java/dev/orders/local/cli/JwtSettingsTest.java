package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.local.UsageException;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which issuer and audiences start-api's authorizer gets: flag, else variable, else the template, else its own. */
class JwtSettingsTest {
    private static final SamTemplate REPOSITORY = SamTemplate.repository();

    private static SamTemplate withDefaults(String issuer, String audience) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader("""
                Parameters:
                  JwtIssuer: {Type: String, Default: "%s"}
                  JwtAudience: {Type: String, Default: "%s"}
                Resources:
                  Api:
                    Type: AWS::Serverless::HttpApi
                    Properties:
                      Auth:
                        DefaultAuthorizer: Jwt
                        Authorizers:
                          Jwt:
                            JwtConfiguration: {issuer: !Ref JwtIssuer, audience: [!Ref JwtAudience]}
                """.formatted(issuer, audience)), "t.yaml"));
    }

    private static Arguments flags(String... args) {
        return Arguments.parse(StartApiCommand.USAGE, List.of(args));
    }

    @Test
    void theRepositorysTemplateGivesNoIssuerSoItIsSamLocalsOwnWithItsAudience() {
        assertEquals(new JwtSettings(Optional.empty(), List.of("sam-local")),
                JwtSettings.resolve(REPOSITORY, flags(), Map.<String, String>of()::get));
    }

    @Test
    void theTemplatesParameterDefaultsAreTheAuthorizersAsInAws() {
        assertEquals(new JwtSettings(Optional.of(URI.create("https://tenant.example.com/")), List.of("orders-api")),
                JwtSettings.resolve(withDefaults("https://tenant.example.com/", "orders-api"), flags(), Map.<String, String>of()::get));
    }

    @Test
    void parameterOverridesOfJwtIssuerAndJwtAudienceAreTheAuthorizersAsInADeployedStack() {
        SamTemplate stack = REPOSITORY.withParameterOverrides(Map.of("JwtIssuer", "https://tenant.example.com/",
                "JwtAudience", "orders-api"));
        assertEquals(new JwtSettings(Optional.of(URI.create("https://tenant.example.com/")), List.of("orders-api")),
                JwtSettings.resolve(stack, flags(), Map.<String, String>of()::get));
        assertEquals(new JwtSettings(Optional.empty(), List.of("e2e-audience")), JwtSettings.resolve(
                REPOSITORY.withParameterOverrides(Map.of("JwtAudience", "e2e-audience")), flags(), Map.<String, String>of()::get));
    }

    @Test
    void eachAudienceOfTheJwtAudienceListIsTheAuthorizers() {
        // The shop's client and the operations console's, as a stack is deployed with both (docs/DEPLOY.md).
        SamTemplate stack = REPOSITORY.withParameterOverrides(Map.of("JwtIssuer", "https://tenant.example.com/",
                "JwtAudience", "shop-client, console-client"));
        assertEquals(new JwtSettings(Optional.of(URI.create("https://tenant.example.com/")), List.of("shop-client", "console-client")),
                JwtSettings.resolve(stack, flags(), Map.<String, String>of()::get));
    }

    @Test
    void aVariableOverridesTheTemplateAndAFlagTheVariable() {
        SamTemplate template = withDefaults("https://tenant.example.com/", "orders-api");
        Map<String, String> env = Map.of("SAM_LOCAL_JWT_ISSUER", "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_A",
                "SAM_LOCAL_JWT_AUDIENCE", "client-a, client-b");
        assertEquals(new JwtSettings(Optional.of(URI.create("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_A")),
                List.of("client-a", "client-b")), JwtSettings.resolve(template, flags(), env::get));
        assertEquals(new JwtSettings(Optional.of(URI.create("http://127.0.0.1:4000")), List.of("sam-local")),
                JwtSettings.resolve(template, flags("--jwt-issuer", "http://127.0.0.1:4000", "--jwt-audience", "sam-local"),
                        env::get));
    }

    @Test
    void anotherIssuerNeedsAnAudienceAndHttpsAwayFromTheLoopback() {
        UsageException noAudience = assertThrows(UsageException.class, () -> JwtSettings.resolve(REPOSITORY,
                flags("--jwt-issuer", "https://tenant.example.com/"), Map.<String, String>of()::get));
        assertEquals("the JWT issuer https://tenant.example.com/ needs an audience: --jwt-audience or SAM_LOCAL_JWT_AUDIENCE,"
                + " the aud (or client_id) its tokens carry", noAudience.getMessage());
        assertThrows(UsageException.class, () -> JwtSettings.resolve(REPOSITORY,
                flags("--jwt-issuer", "http://tenant.example.com/", "--jwt-audience", "a"), Map.<String, String>of()::get));
    }
}
