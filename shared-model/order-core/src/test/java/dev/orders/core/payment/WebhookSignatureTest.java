package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.payment.WebhookSignature.Rejection;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
    private static final long NOW = 1_795_348_800L;
    private static final String BODY = "{\"id\":\"evt_1\",\"type\":\"payment.succeeded\"}";
    private static final String SECRET = "whsec_current";
    private static final String OLD_SECRET = "whsec_previous";
    private final WebhookSignature signature = new WebhookSignature(List.of(SECRET, OLD_SECRET),
            Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));

    private Optional<Rejection> verify(String header) {
        return signature.verify(Optional.ofNullable(header), BODY);
    }

    @Test
    void aHeaderSignedWithTheSecretWithinTheWindowIsAccepted() {
        assertEquals(Optional.empty(), verify(WebhookSignature.header(SECRET, NOW, BODY)));
        assertEquals(Optional.empty(), verify(WebhookSignature.header(SECRET, NOW - 300, BODY)));
        assertEquals(Optional.empty(), verify(WebhookSignature.header(SECRET, NOW + 300, BODY)));
    }

    @Test
    void theHmacIsOfTimestampDotRawBodyInLowerCaseHexAsOpensslComputesIt() {
        // printf '%s' "1795348800.$BODY" | openssl dgst -sha256 -hmac whsec_current
        assertEquals("t=1795348800,v1=2ef9bab5b1d601a6b3cfca3a73b7b36da8d2b5e6b225d95bfe1be2119059e1f1",
                WebhookSignature.header(SECRET, NOW, BODY));
    }

    @Test
    void duringRotationEitherSecretAndSeveralV1ValuesAreAccepted() {
        String old = WebhookSignature.header(OLD_SECRET, NOW, BODY);
        String unknown = WebhookSignature.header("whsec_someone_else", NOW, BODY);
        assertEquals(Optional.empty(), verify(old));
        assertEquals(Optional.empty(), verify(unknown + "," + old.substring(old.indexOf("v1="))));
        assertEquals(Optional.empty(), verify(old + ",v0=ignored-other-scheme"));
    }

    @Test
    void aMissingHeaderIsRefused() {
        assertEquals(Optional.of(Rejection.MISSING), verify(null));
        assertEquals(Optional.of(Rejection.MISSING), verify("  "));
    }

    @Test
    void malformedHeadersAreRefused() {
        String valid = WebhookSignature.header(SECRET, NOW, BODY);
        String v1 = valid.substring(valid.indexOf("v1="));
        for (String header : List.of("garbage", "t=" + NOW, v1, "t=abc," + v1, "t=-5," + v1, "t=" + NOW + ",v1=zz",
                "t=" + NOW + ",v1=" + "ab".repeat(31), "t=" + NOW + ",t=" + NOW + "," + v1, "t=" + NOW + ",," + v1,
                "t=99999999999999999999," + v1, valid + ",v1=" + "0".repeat(4000),
                "t=" + NOW + ("," + v1).repeat(9))) {
            assertEquals(Optional.of(Rejection.MALFORMED), verify(header), header);
        }
    }

    @Test
    void aWrongSignatureIsRefused() {
        assertEquals(Optional.of(Rejection.NO_MATCH), verify(WebhookSignature.header("whsec_wrong", NOW, BODY)));
        assertEquals(Optional.of(Rejection.NO_MATCH), signature.verify(
                Optional.of(WebhookSignature.header(SECRET, NOW, BODY)), BODY.replace("evt_1", "evt_2")));
        String signedOtherTime = WebhookSignature.header(SECRET, NOW - 1, BODY);
        assertEquals(Optional.of(Rejection.NO_MATCH), verify("t=" + NOW + signedOtherTime.substring(signedOtherTime.indexOf(','))));
    }

    @Test
    void timestampsOutsideFiveMinutesAreRefusedAsReplays() {
        assertEquals(Optional.of(Rejection.OUTSIDE_TOLERANCE), verify(WebhookSignature.header(SECRET, NOW - 301, BODY)));
        assertEquals(Optional.of(Rejection.OUTSIDE_TOLERANCE), verify(WebhookSignature.header(SECRET, NOW + 301, BODY)));
        assertEquals(Optional.of(Rejection.OUTSIDE_TOLERANCE), verify(WebhookSignature.header(SECRET, 0, BODY)));
    }

    @Test
    void secretsAreReadFromACommaSeparatedSettingAndMustNotBeBlank() {
        assertEquals(List.of("a", "b"), WebhookSignature.secretsOf(" a , b ,"));
        assertThrows(IllegalArgumentException.class, () -> new WebhookSignature(List.of(), Clock.systemUTC()));
        assertThrows(IllegalArgumentException.class,
                () -> new WebhookSignature(WebhookSignature.secretsOf(" , "), Clock.systemUTC()));
    }
}
