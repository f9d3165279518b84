package dev.orders.testsupport.privilege;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.template.SamTemplate;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A function's recorded calls against its Policies: what is reported, both ways, and what the check refuses to read. */
class PolicyComparisonTest {
    private static final String TABLE = "${Table.Arn}";
    private static final String SECRET_BY_NAME =
            "arn:${AWS::Partition}:secretsmanager:${AWS::Region}:${AWS::AccountId}:secret:${SecretName}-??????";

    @TempDir
    Path dir;

    private static SortedMap<Permission, Set<String>> calls(Permission... permissions) {
        SortedMap<Permission, Set<String>> calls = new TreeMap<>();
        for (Permission permission : permissions) {
            calls.put(permission, Set.of(permission.action().substring(permission.action().indexOf(':') + 1)));
        }
        return calls;
    }

    private static Grant grant(String action, String resource) {
        return new Grant(new Permission(action, resource), "F.Policies[0].Statement[0]");
    }

    @Test
    void aCallNoStatementGrantsIsReportedNamingFunctionActionResourceAndOperation() {
        PolicyComparison comparison = new PolicyComparison("F", calls(new Permission("dynamodb:GetItem", TABLE),
                new Permission("dynamodb:Query", TABLE + "/index/StatusFeed")),
                List.of(grant("dynamodb:GetItem", TABLE), grant("dynamodb:Query", TABLE)), List.of());

        assertEquals(List.of("F calls dynamodb:Query on ${Table.Arn}/index/StatusFeed (Query), which its Policies"
                + " in template.yaml do not grant"), comparison.callsNotGranted());
    }

    @Test
    void aGrantNoCallNeededIsReportedUnlessAwsUsesItOnTheFunctionsBehalf() {
        OnBehalf deadLetters = new OnBehalf(new Permission("sqs:SendMessage", "${Queue.Arn}"), OnBehalf.Source.POLICIES, "why");
        PolicyComparison comparison = new PolicyComparison("F", calls(new Permission("dynamodb:GetItem", TABLE)),
                List.of(grant("dynamodb:GetItem", TABLE), grant("dynamodb:BatchGetItem", TABLE),
                        grant("sqs:SendMessage", "${Queue.Arn}")), List.of(deadLetters));

        assertEquals(List.of("F's Policies grant dynamodb:BatchGetItem on ${Table.Arn} (F.Policies[0].Statement[0]),"
                + " which no call of its tests needed and AWS does not use on its behalf: remove it, or add the test"
                + " that reaches the call"), comparison.grantsNotNeeded());
    }

    @Test
    void aWildcardActionOrEveryResourceIsReportedEvenWhenACallMatchesIt() {
        PolicyComparison comparison = new PolicyComparison("F", calls(new Permission("dynamodb:GetItem", TABLE)),
                List.of(grant("dynamodb:Get*", TABLE), grant("dynamodb:GetItem", "*")), List.of());

        assertTrue(comparison.callsNotGranted().isEmpty());
        assertEquals(2, comparison.grantsNotNeeded().size(), comparison.grantsNotNeeded().toString());
        assertTrue(comparison.grantsNotNeeded().get(0).contains("dynamodb:Get* on ${Table.Arn}"));
    }

    @Test
    void theSecretsArnPatternWithSixWildcardCharactersGrantsTheSecretNamedByAParameterAndOnlyIt() {
        Permission granted = new Permission("secretsmanager:GetSecretValue", SECRET_BY_NAME);

        assertTrue(granted.allows(new Permission("secretsmanager:GetSecretValue", SECRET_BY_NAME)));
        assertTrue(granted.allows(new Permission("secretsmanager:GetSecretValue", SECRET_BY_NAME.replace("??????", "AbCdEf"))));
        assertFalse(granted.allows(new Permission("secretsmanager:GetSecretValue", SECRET_BY_NAME.replace("-??????", ""))));
        assertFalse(granted.allows(new Permission("secretsmanager:GetSecretValue", "${CursorSecret}")));
        assertTrue(new Permission("DynamoDB:getitem", TABLE).allows(new Permission("dynamodb:GetItem", TABLE)),
                "IAM compares actions case-insensitively");
    }

    @Test
    void statementsAreReadAsEachActionOnEachResourceWrittenAsTheTemplateWritesReferences() {
        SamTemplate template = TestTemplates.withFunction(dir, "F", """
                Policies:
                  - Statement:
                      - Effect: Allow
                        Action: [dynamodb:GetItem, dynamodb:Query]
                        Resource:
                          - !GetAtt Table.Arn
                          - !Sub "${Table.Arn}/index/StatusFeed"
                      - Effect: Allow
                        Action: secretsmanager:GetSecretValue
                        Resource: !Ref Secret
                """);

        assertEquals(List.of(
                new Grant(new Permission("dynamodb:GetItem", TABLE), "F.Policies[0].Statement[0]"),
                new Grant(new Permission("dynamodb:GetItem", TABLE + "/index/StatusFeed"), "F.Policies[0].Statement[0]"),
                new Grant(new Permission("dynamodb:Query", TABLE), "F.Policies[0].Statement[0]"),
                new Grant(new Permission("dynamodb:Query", TABLE + "/index/StatusFeed"), "F.Policies[0].Statement[0]"),
                new Grant(new Permission("secretsmanager:GetSecretValue", "${Secret}"), "F.Policies[0].Statement[1]")),
                Grant.of(template, "F"));
    }

    @Test
    void aPolicyTheCheckCannotCompareIsRefusedNamingWhereNotSkipped() {
        for (String policies : List.of(
                "Policies: [AmazonDynamoDBFullAccess]",
                "Policies:\n  - DynamoDBCrudPolicy:\n      TableName: !Ref Table",
                "Policies:\n  - Statement:\n      - Effect: Deny\n        Action: dynamodb:Scan\n        Resource: '*'",
                "Policies:\n  - Statement:\n      - Effect: Allow\n        NotAction: dynamodb:Scan\n        Resource: '*'",
                "Policies:\n  - Statement:\n      - Effect: Allow\n        Action: dynamodb:Scan\n        Resource: !Join [':', [a, b]]")) {
            SamTemplate template = TestTemplates.withFunction(dir, "F", policies);
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> Grant.of(template, "F"), policies);
            assertTrue(refused.getMessage().startsWith("template.yaml F.Policies[0]"), refused.getMessage());
        }
    }

    @Test
    void aStreamEventsReadsAreGrantedBySamAndItsOnFailureQueueByPoliciesEachOnce() {
        SamTemplate template = TestTemplates.withFunction(dir, "F", """
                Policies:
                  - Statement:
                      - Effect: Allow
                        Action: [dynamodb:GetRecords]
                        Resource: !GetAtt Table.StreamArn
                Events:
                  Stream:
                    Type: DynamoDB
                    Properties:
                      Stream: !GetAtt Table.StreamArn
                      StartingPosition: TRIM_HORIZON
                      DestinationConfig:
                        OnFailure:
                          Destination: !GetAtt Queue.Arn
                """);
        PolicyComparison comparison = PolicyComparison.of(template, "F");

        OnBehalf deadLetters = comparison.onBehalf().stream().filter(o -> o.source() == OnBehalf.Source.POLICIES)
                .findFirst().orElseThrow();
        assertEquals(new Permission("sqs:SendMessage", "${Queue.Arn}"), deadLetters.permission());
        assertEquals(Set.of("logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents", "xray:PutTraceSegments",
                        "xray:PutTelemetryRecords", "dynamodb:DescribeStream", "dynamodb:GetRecords",
                        "dynamodb:GetShardIterator", "dynamodb:ListStreams", "sqs:SendMessage"),
                Set.copyOf(comparison.onBehalf().stream().map(o -> o.permission().action()).toList()));
        List<String> misplaced = comparison.onBehalfMisplaced();
        assertEquals(2, misplaced.size(), misplaced.toString());
        assertTrue(misplaced.get(0).startsWith("F's Policies grant [dynamodb:GetRecords on ${Table.StreamArn}"),
                misplaced.get(0));
        assertTrue(misplaced.get(0).contains("which SAM grants already"), misplaced.get(0));
        assertEquals("F needs sqs:SendMessage on ${Queue.Arn} on its behalf (" + deadLetters.reason()
                + "), which its Policies in template.yaml do not grant", misplaced.get(1));
    }
}
