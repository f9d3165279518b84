package dev.orders.local.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

    private static SamTemplate parse(String yaml) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "t.yaml"));
    }
}
