package dev.orders.lambda.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueRequest;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueResponse;
import software.amazon.lambda.powertools.parameters.secrets.SecretsProvider;

/** Where a function's secret comes from: its value in the environment, else Secrets Manager through the cache. */
class SecretSourceTest {
    private final SecretsManagerClient client = mock(SecretsManagerClient.class);

    @Test
    void aValueInTheEnvironmentWinsAndSecretsManagerIsNeverBuilt() {
        Supplier<SecretSource.SecretStore> never = () -> {
            throw new AssertionError("no Secrets Manager client where the value is given");
        };
        SecretSource source = SecretSource.fromEnvironment(Map.of("CURSOR_SECRET", "a local value",
                "CURSOR_SECRET_ID", "arn:aws:secretsmanager:eu-west-1:123456789012:secret:cursor"), "CURSOR_SECRET", never)
                .orElseThrow();
        assertEquals("a local value", source.value());
    }

    @Test
    void anIdIsReadFromSecretsManagerOnFirstUseThenFromTheCacheUntilItsMaxAge() throws Exception {
        when(client.getSecretValue(any(GetSecretValueRequest.class)))
                .thenReturn(GetSecretValueResponse.builder().secretString("first").build())
                .thenReturn(GetSecretValueResponse.builder().secretString("second").build());
        SecretsProvider cache = SecretsManagerStore.provider(client, Duration.ofMillis(300));
        SecretSource source = SecretSource.fromEnvironment(Map.of("CURSOR_SECRET_ID", "order-service/cursor"),
                "CURSOR_SECRET", () -> cache::get).orElseThrow();
        verifyNoInteractions(client);

        assertEquals("first", source.value());
        assertEquals("first", source.value());
        verify(client, times(1)).getSecretValue(any(GetSecretValueRequest.class));

        Thread.sleep(400);
        assertEquals("second", source.value());
        verify(client, times(2)).getSecretValue(any(GetSecretValueRequest.class));
    }

    @Test
    void withNeitherVariableThereIsNoSourceAndAMissingOneNamesTheVariable() {
        assertTrue(SecretSource.fromEnvironment(Map.of("CURSOR_SECRET", " "), "CURSOR_SECRET", () -> null).isEmpty());
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> SecretSource.missing("CURSOR_SECRET").value());
        assertEquals("environment variable CURSOR_SECRET_ID (or CURSOR_SECRET) is not set", missing.getMessage());
    }

}
