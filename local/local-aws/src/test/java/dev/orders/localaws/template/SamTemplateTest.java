package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SamTemplateTest {

    @Test
    void timeoutAndMemoryComeFromTheFunctionThenGlobalsThenLambdasDefaults() {
        SamTemplate template = parse("""
                Globals:
                  Function:
                    Timeout: 15
                Resources:
                  Own:
                    Type: AWS::Serverless::Function
                    Properties: {Handler: a.B::handleRequest, CodeUri: a.jar, MemorySize: 512}
                  Inherits:
                    Type: AWS::Serverless::Function
                    Properties: {Handler: a.C::handleRequest, CodeUri: c.jar, Timeout: 30}
                """);

        SamTemplate.Function own = template.function("Own").orElseThrow();
        SamTemplate.Function inherits = template.function("Inherits").orElseThrow();
        assertEquals(List.of(Duration.ofSeconds(15), Duration.ofSeconds(30)), List.of(own.timeout(), inherits.timeout()));
        assertEquals(List.of(512, SamTemplate.DEFAULT_MEMORY_MB), List.of(own.memoryMb(), inherits.memoryMb()));
    }

    @Test
    void theJwtConfigurationIsTheHttpApisDefaultAuthorizersAsWritten() {
        SamTemplate template = parse("""
                Resources:
                  Api:
                    Type: AWS::Serverless::HttpApi
                    Properties:
                      Auth:
                        DefaultAuthorizer: Jwt
                        Authorizers:
                          Jwt:
                            IdentitySource: "$request.header.Authorization"
                            JwtConfiguration:
                              issuer: !Ref JwtIssuer
                              audience: [orders-api, !Ref JwtAudience]
                """);

        assertEquals(new SamTemplate.JwtConfiguration("Jwt", new CloudFormationYaml.Intrinsic("Ref", "JwtIssuer"),
                        List.of("orders-api", new CloudFormationYaml.Intrinsic("Ref", "JwtAudience"))),
                template.jwtConfiguration().orElseThrow());
        assertTrue(parse("Resources: {}").jwtConfiguration().isEmpty());
    }

    @Test
    void aTimeoutThatIsNotANumberIsAClearError() {
        SamTemplate template = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties: {Handler: a.B::handleRequest, CodeUri: a.jar, Timeout: !Ref T}
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, template::functions);
        assertEquals("template: F.Timeout must be a number, not !Ref T", e.getMessage());
    }

    @Test
    void aRouteWithAuthorizationScopesAdmitsATokenWithOneOfThem() {
        SamTemplate template = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      Events:
                        Scoped: {Type: HttpApi, Properties: {Method: get, Path: /a, Auth: {AuthorizationScopes: [x:admin, y]}}}
                        Open: {Type: HttpApi, Properties: {Method: get, Path: /b}}
                """);
        SamTemplate.HttpRoute scoped = route(template, "Scoped");
        SamTemplate.HttpRoute open = route(template, "Open");

        assertEquals(List.of("x:admin", "y"), scoped.authorizationScopes());
        assertTrue(scoped.admits(List.of("z", "y")));
        assertFalse(scoped.admits(List.of("z", "x")), "none of the route's scopes");
        assertFalse(scoped.admits(List.of()));
        assertEquals(List.of(), open.authorizationScopes());
        assertTrue(open.admits(List.of()));
    }

    @Test
    void streamAndRuleEventsAreReadAsLambdaAndEventBridgeWouldRunThem() {
        SamTemplate template = parse("""
                Resources:
                  Publisher:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.P::handleRequest
                      CodeUri: p.jar
                      Events:
                        Stream:
                          Type: DynamoDB
                          Properties:
                            Stream: !GetAtt OrdersTable.StreamArn
                            BatchSize: 25
                            MaximumRetryAttempts: 3
                            MaximumRecordAgeInSeconds: 3600
                            FunctionResponseTypes: [ReportBatchItemFailures]
                            BisectBatchOnFunctionError: true
                            FilterCriteria:
                              Filters:
                                - Pattern: '{"eventName": ["INSERT"]}'
                  Consumer:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.C::handleRequest
                      CodeUri: c.jar
                      Events:
                        Paid:
                          Type: EventBridgeRule
                          Properties:
                            Pattern:
                              source: [order-service]
                              detail-type: [PaymentCaptured]
                """);

        assertEquals(List.of(new SamTemplate.StreamEvent("Stream", new CloudFormationYaml.Intrinsic("GetAtt",
                        "OrdersTable.StreamArn"), 25, List.of("{\"eventName\": [\"INSERT\"]}"), 3, true, true, 3600)),
                template.function("Publisher").orElseThrow().streams());
        assertEquals(List.of(new SamTemplate.RuleEvent("Paid", "default",
                        "{\"source\":[\"order-service\"],\"detail-type\":[\"PaymentCaptured\"]}")),
                template.function("Consumer").orElseThrow().rules());
        assertTrue(template.function("Consumer").orElseThrow().streams().isEmpty());
    }

    @Test
    void theBusesAreTheTemplatesEventBusResourcesAndEachRuleIsOnTheBusItNames() {
        SamTemplate template = parse("""
                Resources:
                  Bus:
                    Type: AWS::Events::EventBus
                    Properties:
                      Name: !Sub "${AWS::StackName}-events"
                  Archive:
                    Type: AWS::Events::Archive
                    Properties:
                      SourceArn: !GetAtt Bus.Arn
                  Consumer:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.C::handleRequest
                      CodeUri: c.jar
                      Events:
                        ByRef:
                          Type: EventBridgeRule
                          Properties:
                            EventBusName: !Ref Bus
                            Pattern: {source: [a]}
                        ByName:
                          Type: EventBridgeRule
                          Properties:
                            EventBusName: !GetAtt Bus.Name
                            Pattern: {source: [a]}
                        Literal:
                          Type: EventBridgeRule
                          Properties:
                            EventBusName: partner-bus
                            Pattern: {source: [a]}
                """);

        assertEquals(Set.of("Bus"), template.eventBuses());
        assertEquals(List.of("Bus", "Bus", "partner-bus"),
                template.function("Consumer").orElseThrow().rules().stream().map(SamTemplate.RuleEvent::bus).toList());
        assertEquals(Set.of("OrderEventBus"), SamTemplate.repository().eventBuses());
    }

    @Test
    void aRulesBusSamLocalCannotNameIsATemplateError() {
        SamTemplate template = parse("""
                Parameters:
                  BusName:
                    Type: String
                    Default: b
                Resources:
                  Consumer:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.C::handleRequest
                      CodeUri: c.jar
                      Events:
                        Rule:
                          Type: EventBridgeRule
                          Properties:
                            EventBusName: !Ref BusName
                            Pattern: {source: [a]}
                """);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, template::functions);
        assertEquals("template: Rule.EventBusName is !Ref BusName, which sam-local cannot resolve"
                + " (a name, !Ref Bus or !GetAtt Bus.Name)", refused.getMessage());
    }

    @Test
    void theTemplateScopesExactlyTheAdministratorsRoutesToAdministrators() {
        Map<String, List<String>> scoped = new TreeMap<>();
        SamTemplate.repository().functions().forEach(f -> f.routes().stream()
                .filter(route -> !route.authorizationScopes().isEmpty())
                .forEach(route -> scoped.put(route.key(), route.authorizationScopes())));
        assertEquals(Map.of("GET /orders", List.of("orders:admin"), "GET /orders/{orderId}", List.of("orders:admin"),
                "GET /orders/{orderId}/history", List.of("orders:admin"),
                "POST /orders/{orderId}/status", List.of("orders:admin"),
                "PUT /orders/{orderId}/items/{itemId}/status", List.of("orders:admin"),
                "GET /payment-issues", List.of("orders:admin"),
                "POST /orders/{orderId}/payment-issues/{eventId}/resolution", List.of("orders:admin"),
                "PUT /products/{sku}", List.of("orders:admin"),
                "PUT /products/{sku}/stock", List.of("orders:admin"), "GET /products/{sku}/stock", List.of("orders:admin")),
                scoped);
        // A customer's routes never declare the scope: there, the caller acts as the customer of the path only.
        SamTemplate.repository().functions().forEach(f -> f.routes().stream()
                .filter(route -> route.path().startsWith("/customers/"))
                .forEach(route -> assertTrue(route.authorizationScopes().isEmpty(), route.key())));
    }

    private static SamTemplate.HttpRoute route(SamTemplate template, String event) {
        return template.function("F").orElseThrow().routes().stream().filter(r -> r.event().equals(event))
                .findFirst().orElseThrow();
    }

    /** A CommaDelimitedList parameter, a condition on it and a whole CorsConfiguration under !If, as template.yaml has them. */
    private static final String CONDITIONAL_CORS = """
            Parameters:
              Origins: {Type: CommaDelimitedList, Default: ""}
            Conditions:
              HasOrigins: !Not [!Equals [!Join ["", !Ref Origins], ""]]
            Resources:
              Api:
                Type: AWS::Serverless::HttpApi
                Properties:
                  CorsConfiguration: !If
                    - HasOrigins
                    - AllowOrigins: !Ref Origins
                      AllowMethods: [GET, POST]
                      AllowHeaders: [authorization]
                      ExposeHeaders: [etag]
                      MaxAge: 600
                    - !Ref AWS::NoValue
            """;

    @Test
    void theCorsConfigurationIsTheStacksItsParametersAndConditionsResolvedAsCloudFormationResolvesThem() {
        SamTemplate template = parse(CONDITIONAL_CORS);

        assertTrue(template.httpApiCors().isEmpty(), "an empty list of origins: the !If gives AWS::NoValue");
        assertEquals(Optional.of(new HttpApiCors(List.of("http://localhost:5173", "https://shop.example.com"),
                        List.of("GET", "POST"), List.of("authorization"), List.of("etag"), Optional.of(600), false)),
                template.withParameterOverrides(Map.of("Origins", "http://localhost:5173, https://shop.example.com"))
                        .httpApiCors());
        assertEquals(Optional.of(new HttpApiCors(List.of("*"), List.of(), List.of(), List.of(), Optional.empty(), false)),
                parse("Resources: {Api: {Type: AWS::Serverless::HttpApi, Properties: {CorsConfiguration: true}}}").httpApiCors());
        assertTrue(parse("Resources: {Api: {Type: AWS::Serverless::HttpApi, Properties: {}}}").httpApiCors().isEmpty());
    }

    @Test
    void aCorsConfigurationOnlyADeployedStackCouldResolveIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("""
                Resources:
                  Api:
                    Type: AWS::Serverless::HttpApi
                    Properties:
                      CorsConfiguration: {AllowOrigins: [!GetAtt Site.Url]}
                """).httpApiCors());
        assertEquals("template: Api.CorsConfiguration.AllowOrigins[0] is !GetAtt, which needs a deployed stack; sam-local"
                + " resolves parameters and conditions only", e.getMessage());
    }

    private static SamTemplate parse(String yaml) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "t.yaml"));
    }
}
