package dev.orders.localaws.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A function's ScheduleV2 and Schedule events as the template gives them, with the stack's parameters. */
class ScheduleEventTest {
    private static final String TEMPLATE = """
            Parameters:
              SweepMinutes: {Type: Number, Default: 5}
              SweepState: {Type: String, Default: ENABLED}
            Globals:
              Function:
                EventInvokeConfig: {MaximumRetryAttempts: 1}
            Resources:
              Sweeper:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: a.B::handleRequest
                  CodeUri: a.jar
                  EventInvokeConfig: {MaximumRetryAttempts: 0}
                  Events:
                    Sweep:
                      Type: ScheduleV2
                      Properties:
                        ScheduleExpression: !Sub "rate(${SweepMinutes} minutes)"
                        State: !Ref SweepState
                    Nightly:
                      Type: ScheduleV2
                      Properties:
                        ScheduleExpression: cron(0 3 * * ? *)
                        ScheduleExpressionTimezone: Europe/Paris
                        Name: nightly
                        GroupName: ops
                        Input: '{"job": "<aws.scheduler.schedule-arn>"}'
              Reporter:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: a.C::handleRequest
                  CodeUri: c.jar
                  Events:
                    Hourly:
                      Type: Schedule
                      Properties:
                        Schedule: rate(1 hour)
                        Enabled: false
                    Page:
                      Type: HttpApi
                      Properties: {Method: get, Path: /report}
            """;

    @Test
    void eachScheduleEventIsReadWithItsDefaultsAsSamDeploysIt() {
        assertEquals(List.of(
                new ScheduleEvent("Sweeper", "Sweep", ScheduleEvent.Kind.SCHEDULER, "rate(5 minutes)", "UTC", true,
                        Optional.empty(), "SweeperSweep", "default", 0),
                new ScheduleEvent("Sweeper", "Nightly", ScheduleEvent.Kind.SCHEDULER, "cron(0 3 * * ? *)", "Europe/Paris",
                        true, Optional.of("{\"job\": \"<aws.scheduler.schedule-arn>\"}"), "nightly", "ops", 0),
                new ScheduleEvent("Reporter", "Hourly", ScheduleEvent.Kind.RULE, "rate(1 hour)", "UTC", false,
                        Optional.empty(), "ReporterHourly", "default", 1)),
                ScheduleEvent.all(parse(TEMPLATE)));
    }

    @Test
    void parameterOverridesReachTheExpressionAndTheStateThroughSubAndRef() {
        List<ScheduleEvent> schedules = ScheduleEvent.all(parse(TEMPLATE)
                .withParameterOverrides(Map.of("SweepMinutes", "1", "SweepState", "DISABLED")));
        assertEquals("rate(1 minutes)", schedules.get(0).expression());
        assertEquals(false, schedules.get(0).enabled());
    }

    @Test
    void aSubOfWhatOnlyADeployedStackKnowsIsAClearError() {
        SamTemplate template = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      Events:
                        Tick:
                          Type: ScheduleV2
                          Properties:
                            ScheduleExpression: rate(1 minute)
                            Input: !Sub '{"region": "${AWS::Region}", "literal": "${!NotAVariable}"}'
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScheduleEvent.all(template));
        assertEquals("template: F.Tick.Input is !Sub of ${AWS::Region}, which is no parameter with a value; sam-local"
                + " resolves parameters only", e.getMessage());
    }

    @Test
    void aSubTakesItsOwnVariablesParametersAndEscapedLiteralsAsCloudFormationDoes() {
        SamTemplate template = parse("""
                Parameters:
                  Minutes: {Type: Number, Default: 30}
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      Events:
                        Tick:
                          Type: ScheduleV2
                          Properties:
                            ScheduleExpression: rate(1 minute)
                            Input: !Sub ['{"window": "${Minutes}", "own": "${Twice}", "literal": "${!Minutes}"}', {Twice: 60}]
                """);
        assertEquals(Optional.of("{\"window\": \"30\", \"own\": \"60\", \"literal\": \"${Minutes}\"}"),
                ScheduleEvent.all(template).get(0).input());
    }

    private static SamTemplate parse(String yaml) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "t.yaml"));
    }
}
