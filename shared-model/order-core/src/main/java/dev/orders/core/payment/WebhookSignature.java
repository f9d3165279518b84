package dev.orders.core.payment;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The payment provider's signature: header {@code Webhook-Signature: t=<unix seconds>,v1=<hex>}, where
 * the hex is HMAC-SHA256 of {@code "<t>.<raw body>"} with a shared secret. Several secrets may be
 * configured and several {@code v1} values sent, so the secret can be rotated without a gap. The
 * timestamp must be within {@link #TOLERANCE} of now either way, which bounds replays.
 */
public final class WebhookSignature {
    public static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final String ALGORITHM = "HmacSHA256";
    /** Headers longer than this are not a signature; it also bounds the work of parsing one. */
    private static final int MAX_HEADER_LENGTH = 2048;
    private static final int MAX_SIGNATURES = 8;
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{1,12}");
    private static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-fA-F]{64}");

    /** Why a request's signature was refused; the caller answers 401 for each. */
    public enum Rejection {
        MISSING,
        MALFORMED,
        OUTSIDE_TOLERANCE,
        NO_MATCH
    }

    private final List<byte[]> secrets;
    private final Clock clock;

    public WebhookSignature(List<String> secrets, Clock clock) {
        if (secrets.isEmpty() || secrets.stream().anyMatch(secret -> secret == null || secret.isBlank())) {
            throw new IllegalArgumentException("at least one non-blank webhook secret is required");
        }
        this.secrets = secrets.stream().map(secret -> secret.getBytes(StandardCharsets.UTF_8)).toList();
        this.clock = clock;
    }

    /** Secrets from one setting: comma-separated, the current one first, then those still accepted. */
    public static List<String> secretsOf(String setting) {
        List<String> secrets = new ArrayList<>();
        for (String secret : setting.split(",")) {
            if (!secret.isBlank()) {
                secrets.add(secret.strip());
            }
        }
        return secrets;
    }

    /** Empty when {@code header} signs {@code rawBody} with one of the secrets, within the tolerance. */
    public Optional<Rejection> verify(Optional<String> header, String rawBody) {
        if (header.isEmpty() || header.get().isBlank()) {
            return Optional.of(Rejection.MISSING);
        }
        Optional<Parsed> parsed = parse(header.get());
        if (parsed.isEmpty()) {
            return Optional.of(Rejection.MALFORMED);
        }
        long timestamp = parsed.get().timestamp();
        long now = clock.instant().getEpochSecond();
        if (Math.abs(now - timestamp) > TOLERANCE.toSeconds()) {
            return Optional.of(Rejection.OUTSIDE_TOLERANCE);
        }
        byte[] payload = payload(timestamp, rawBody);
        boolean matched = false;
        // Every pair is compared, in constant time each, so timing does not tell which one matched.
        for (byte[] secret : secrets) {
            byte[] expected = hmac(secret, payload);
            for (byte[] candidate : parsed.get().signatures()) {
                matched |= MessageDigest.isEqual(expected, candidate);
            }
        }
        return matched ? Optional.empty() : Optional.of(Rejection.NO_MATCH);
    }

    /** The header a provider would send: for tests, sample events and the signing example of docs/DATA-MODEL.md. */
    public static String header(String secret, long timestamp, String rawBody) {
        byte[] mac = hmac(secret.getBytes(StandardCharsets.UTF_8), payload(timestamp, rawBody));
        return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(mac);
    }

    private record Parsed(long timestamp, List<byte[]> signatures) {
    }

    /** {@code t} exactly once, one to {@link #MAX_SIGNATURES} {@code v1}; other schemes are ignored. */
    private static Optional<Parsed> parse(String header) {
        if (header.length() > MAX_HEADER_LENGTH) {
            return Optional.empty();
        }
        Long timestamp = null;
        List<byte[]> signatures = new ArrayList<>();
        for (String part : header.split(",", -1)) {
            int equals = part.indexOf('=');
            if (equals <= 0) {
                return Optional.empty();
            }
            String key = part.substring(0, equals).strip();
            String value = part.substring(equals + 1).strip();
            if (key.equals("t")) {
                if (timestamp != null || !TIMESTAMP.matcher(value).matches()) {
                    return Optional.empty();
                }
                timestamp = Long.parseLong(value);
            } else if (key.equals("v1")) {
                if (!HEX_SHA256.matcher(value).matches() || signatures.size() == MAX_SIGNATURES) {
                    return Optional.empty();
                }
                signatures.add(HexFormat.of().parseHex(value));
            }
        }
        return timestamp == null || signatures.isEmpty() ? Optional.empty()
                : Optional.of(new Parsed(timestamp, signatures));
    }

    private static byte[] payload(long timestamp, String rawBody) {
        return (timestamp + "." + rawBody).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] hmac(byte[] secret, byte[] payload) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret, ALGORITHM));
            return mac.doFinal(payload);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
