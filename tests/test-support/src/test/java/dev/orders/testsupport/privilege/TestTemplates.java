package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small template of the repository's shape: a table, a secret, a bus, a queue, and one function. */
final class TestTemplates {
    private TestTemplates() {
    }

    /** {@code function} with {@code properties} (YAML indented for a function's Properties) added to the usual ones. */
    static SamTemplate withFunction(Path dir, String function, String properties) {
        String text = """
                Parameters:
                  SecretName:
                    Type: String
                Globals:
                  Function:
                    Tracing: Active
                    Environment:
                      Variables:
                        TABLE_NAME: !Ref Table
                Resources:
                  Table:
                    Type: AWS::DynamoDB::Table
                  Secret:
                    Type: AWS::SecretsManager::Secret
                  Bus:
                    Type: AWS::Events::EventBus
                  Queue:
                    Type: AWS::SQS::Queue
                  %s:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: example.Handler::handleRequest
                      CodeUri: example.jar
                      Environment:
                        Variables:
                          KEY_ID: !Ref Secret
                          WEBHOOK_SECRET_ID: !Ref SecretName
                          BUS_NAME: !Ref Bus
                %s
                """.formatted(function, properties.indent(6));
        try {
            Path file = Files.createTempFile(dir, function, ".yaml");
            Files.writeString(file, text);
            return SamTemplate.load(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
