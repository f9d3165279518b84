package dev.orders.core.feed;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque pagination cursors: the position in a listing, encrypted and authenticated with AES-GCM.
 * The listing's scope (which query, whose partition) is bound in as associated data, so a cursor can
 * be neither read, nor forged, nor replayed against another query or another customer.
 */
public final class CursorCodec {
    /** Longer input is refused before any decoding work. */
    public static final int MAX_CURSOR_LENGTH = 512;
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final Supplier<byte[]> secret;
    private final SecureRandom random = new SecureRandom();
    /** The key of the secret last read: derived again only when the secret changes (a rotation). */
    private Key current;

    private record Key(byte[] secret, SecretKeySpec spec) {
    }

    /** The secret may be any length; the AES-256 key is its SHA-256 digest. */
    public CursorCodec(byte[] secret) {
        this(() -> secret);
        key();
    }

    /**
     * A secret read on every use, so a rotated one takes effect without a restart; refused (on use)
     * like a fixed one if shorter than 16 bytes.
     */
    public CursorCodec(Supplier<byte[]> secret) {
        this.secret = secret;
    }

    private synchronized SecretKeySpec key() {
        byte[] now = secret.get();
        if (current != null && MessageDigest.isEqual(current.secret(), now)) {
            return current.spec();
        }
        if (now == null || now.length < 16) {
            throw new IllegalArgumentException("the cursor secret must have at least 16 bytes");
        }
        try {
            current = new Key(now.clone(), new SecretKeySpec(MessageDigest.getInstance("SHA-256").digest(now), "AES"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        return current.spec();
    }

    /**
     * The scope of a listing from its parts (query name, customer, order, range): each part length-prefixed,
     * so two different lists of parts never give the same scope, whatever characters the parts hold
     * (a customer id may contain '|', which a plain join would confuse with a separator).
     */
    public static String scope(List<String> parts) {
        StringBuilder scope = new StringBuilder();
        for (String part : parts) {
            scope.append(part.length()).append(':').append(part).append(';');
        }
        return scope.toString();
    }

    public String encode(String scope, String position) {
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(scope.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(position.getBytes(StandardCharsets.UTF_8));
            byte[] token = new byte[IV_BYTES + sealed.length];
            System.arraycopy(iv, 0, token, 0, IV_BYTES);
            System.arraycopy(sealed, 0, token, IV_BYTES, sealed.length);
            return ENCODER.encodeToString(token);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM failed to encrypt", e);
        }
    }

    /** The position sealed in {@code cursor}; InvalidCursorException unless it was issued for {@code scope}. */
    public String decode(String scope, String cursor) {
        if (cursor == null || cursor.isEmpty() || cursor.length() > MAX_CURSOR_LENGTH) {
            throw new InvalidCursorException();
        }
        byte[] token;
        try {
            token = DECODER.decode(cursor);
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException();
        }
        if (token.length <= IV_BYTES + TAG_BITS / 8) {
            throw new InvalidCursorException();
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(TAG_BITS, token, 0, IV_BYTES));
            cipher.updateAAD(scope.getBytes(StandardCharsets.UTF_8));
            byte[] plain = cipher.doFinal(token, IV_BYTES, token.length - IV_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new InvalidCursorException();
        }
    }
}
