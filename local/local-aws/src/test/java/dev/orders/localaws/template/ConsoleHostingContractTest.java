package dev.orders.localaws.template;

import static dev.orders.localaws.template.TemplateFields.asMap;
import static dev.orders.localaws.template.TemplateFields.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The operations console in AWS (docs/DEPLOY.md, "The operations console"): one CloudFront distribution serves the
 * console from a bucket only it reads and passes every other path to the HTTP API, uncached and with the caller's
 * token, so that the console calls the API on its own origin; its headers keep it to its own code; its config.json is
 * the stack's output.
 */
class ConsoleHostingContractTest {
    private static final SamTemplate TEMPLATE = SamTemplate.repository();
    private static final String CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
    private static final String CACHING_OPTIMIZED = "658327ea-f89d-4fab-a63d-7e88639e58f6";
    private static final String ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac";
    private static final CloudFormationYaml.Intrinsic HEADERS = new CloudFormationYaml.Intrinsic("Ref", "ConsoleResponseHeaders");

    @Test
    void everyRouteOfTheTemplateReachesTheApiAndTheConsolesPathsTheBucket() {
        for (SamTemplate.Function function : TEMPLATE.functions()) {
            for (SamTemplate.HttpRoute route : function.routes()) {
                Map<String, Object> behavior = behaviorFor(route.path().replaceAll("\\{[^}]+}", "x"));
                assertEquals("api", behavior.get("TargetOriginId"), route.key());
                assertTrue(((List<?>) behavior.get("AllowedMethods")).contains(route.method()), route.key());
            }
        }
        for (String path : List.of("/console", "/console/", "/console/index.html", "/console/console.js", "/console/config.json")) {
            assertEquals("console", behaviorFor(path).get("TargetOriginId"), path);
        }
    }

    @Test
    void theApiIsNotCachedAndGetsEveryHeaderButHostOverHttpsOnly() {
        Map<String, Object> api = map(distribution(), "DefaultCacheBehavior");
        assertEquals(CACHING_DISABLED, api.get("CachePolicyId"));
        // With caching disabled this managed policy forwards Authorization too; the Host must stay API Gateway's own.
        assertEquals(ALL_VIEWER_EXCEPT_HOST_HEADER, api.get("OriginRequestPolicyId"));
        assertEquals("https-only", api.get("ViewerProtocolPolicy"));
        assertEquals("https-only", map(origin("api"), "CustomOriginConfig").get("OriginProtocolPolicy"));
        assertEquals(new CloudFormationYaml.Intrinsic("Sub", "${OrdersApi}.execute-api.${AWS::Region}.${AWS::URLSuffix}"),
                origin("api").get("DomainName"));
        assertFalse(distribution().containsKey("CustomErrorResponses"), "an error page would replace the API's problems too");
    }

    @Test
    void theConsoleIsCachedAndIndexedAtTheEdge() {
        Map<String, Object> console = behaviorFor("/console/");
        assertEquals(CACHING_OPTIMIZED, console.get("CachePolicyId"));
        assertEquals(List.of(Map.of("EventType", "viewer-request",
                "FunctionARN", new CloudFormationYaml.Intrinsic("GetAtt", "ConsolePaths.FunctionARN"))), console.get("FunctionAssociations"));
        String code = (String) properties("ConsolePaths").get("FunctionCode");
        assertTrue(code.contains("request.uri = '/console/index.html'"), code);
        assertTrue(code.contains("location: {value: '/console/'}"), code);
    }

    @Test
    void onlyTheDistributionReadsTheConsolesPrivateBucket() {
        Map<String, Object> bucket = properties("ConsoleBucket");
        assertEquals(Map.of("BlockPublicAcls", true, "BlockPublicPolicy", true, "IgnorePublicAcls", true,
                "RestrictPublicBuckets", true), bucket.get("PublicAccessBlockConfiguration"));
        assertFalse(bucket.containsKey("WebsiteConfiguration"), "S3's website endpoint is public and plain HTTP");
        assertTrue(bucket.containsKey("BucketEncryption"));

        List<Map<String, Object>> allowed = statements().stream().filter(s -> "Allow".equals(s.get("Effect"))).toList();
        assertEquals(List.of(Map.of(
                "Sid", "TheDistributionReadsTheConsole",
                "Effect", "Allow",
                "Principal", Map.of("Service", "cloudfront.amazonaws.com"),
                "Action", "s3:GetObject",
                "Resource", new CloudFormationYaml.Intrinsic("Sub", "${ConsoleBucket.Arn}/console/*"),
                "Condition", Map.of("StringEquals", Map.of("AWS:SourceArn", new CloudFormationYaml.Intrinsic("Sub",
                        "arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${ConsoleDistribution}"))))), allowed);
        assertEquals(new CloudFormationYaml.Intrinsic("GetAtt", "ConsoleOriginAccessControl.Id"),
                origin("console").get("OriginAccessControlId"));
    }

    @Test
    void theHeadersKeepTheConsoleToItsOwnCodeUnframedAndOnHttps() {
        for (Map<String, Object> behavior : List.of(behaviorFor("/console/"), behaviorFor("/orders"))) {
            assertEquals(HEADERS, behavior.get("ResponseHeadersPolicyId"));
        }
        Map<String, Object> headers = map(map(properties("ConsoleResponseHeaders"), "ResponseHeadersPolicyConfig"),
                "SecurityHeadersConfig");
        String policy = (String) ((List<?>) ((CloudFormationYaml.Intrinsic) map(headers, "ContentSecurityPolicy")
                .get("ContentSecurityPolicy")).argument()).get(0);
        for (String directive : List.of("default-src 'none'", "script-src 'self'", "style-src 'self'", "base-uri 'none'",
                "frame-ancestors 'none'", "connect-src 'self' https://${IssuerHost}${SignInOrigin};")) {
            assertTrue(policy.contains(directive), directive + " in " + policy);
        }
        assertTrue(((Number) map(headers, "StrictTransportSecurity").get("AccessControlMaxAgeSec")).intValue() >= 31_536_000);
        assertTrue(headers.containsKey("ContentTypeOptions"), "nosniff");
        assertEquals("DENY", map(headers, "FrameOptions").get("FrameOption"));
    }

    @Test
    void configJsonNamesTheIssuerTheApiTrustsTheConsolesClientAndTheScopeItAsksFor() throws IOException {
        SamTemplate cognito = TEMPLATE.withParameterOverrides(Map.of(
                "JwtIssuer", "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123",
                "JwtAudience", "shop-client,console-client", "ConsoleClientId", "console-client", "ConsoleScope", "openid"));
        assertEquals(Map.of("issuer", "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123",
                "clientId", "console-client", "scope", "openid"), configJson(cognito));

        SamTemplate auth0 = TEMPLATE.withParameterOverrides(Map.of("JwtIssuer", "https://tenant.auth0.com/",
                "JwtAudience", "orders-api", "ConsoleClientId", "console-client"));
        assertEquals("openid orders:admin", configJson(auth0).get("scope"));
    }

    @Test
    void theConsoleIsHostedUnlessConsoleHostingIsFalse() {
        assertTrue(new StackValues(TEMPLATE.root(), TEMPLATE.parameters()).condition("HostsConsole"));
        SamTemplate without = TEMPLATE.withParameterOverrides(Map.of("ConsoleHosting", "false"));
        assertFalse(new StackValues(without.root(), without.parameters()).condition("HostsConsole"));
        for (String logicalId : List.of("ConsoleBucket", "ConsoleBucketPolicy", "ConsoleOriginAccessControl", "ConsolePaths",
                "ConsoleResponseHeaders", "ConsoleDistribution")) {
            assertEquals("HostsConsole", asMap(map(TEMPLATE.root(), "Resources").get(logicalId)).get("Condition"), logicalId);
        }
    }

    private static Map<String, Object> configJson(SamTemplate stack) throws IOException {
        Object value = map(map(stack.root(), "Outputs"), "ConsoleConfig").get("Value");
        return JSON.std.mapFrom(new StackValues(stack.root(), stack.parameters()).resolve(value, "ConsoleConfig").orElseThrow());
    }

    /** The behavior CloudFront picks for a path: the first cache behavior whose pattern matches it, else the default. */
    private static Map<String, Object> behaviorFor(String path) {
        for (Object behavior : (List<?>) distribution().get("CacheBehaviors")) {
            String pattern = (String) asMap(behavior).get("PathPattern");
            if (Pattern.compile(Pattern.quote(pattern).replace("*", "\\E.*\\Q").replace("?", "\\E.\\Q")).matcher(path).matches()) {
                return asMap(behavior);
            }
        }
        return map(distribution(), "DefaultCacheBehavior");
    }

    private static Map<String, Object> origin(String id) {
        return ((List<?>) distribution().get("Origins")).stream().map(TemplateFields::asMap)
                .filter(origin -> id.equals(origin.get("Id"))).findFirst().orElseThrow();
    }

    private static List<Map<String, Object>> statements() {
        return ((List<?>) map(properties("ConsoleBucketPolicy"), "PolicyDocument").get("Statement")).stream()
                .map(TemplateFields::asMap).toList();
    }

    private static Map<String, Object> distribution() {
        return map(properties("ConsoleDistribution"), "DistributionConfig");
    }

    private static Map<String, Object> properties(String logicalId) {
        return map(asMap(map(TEMPLATE.root(), "Resources").get(logicalId)), "Properties");
    }
}
