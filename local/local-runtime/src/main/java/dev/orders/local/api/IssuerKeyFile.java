package dev.orders.local.api;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import dev.orders.localaws.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;

/**
 * The local issuer's RSA signing key, as a private JWK in one file, made on first use with owner-only
 * permissions (600, its directory 700; an existing one is narrowed to them). start-api and the separate {@code token} command sign and verify
 * with the same key because they read the same file; it is a development key, never a deployed one.
 */
final class IssuerKeyFile {
    private static final int KEY_BITS = 2048;

    private IssuerKeyFile() {
    }

    /** The key in {@code file}, made first if there is none (by whichever process comes first). */
    static RSAKey loadOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                // One made before sam-local kept it owner-only, or widened since, is narrowed again.
                OwnerOnly.ownDirectory(file.toAbsolutePath().getParent());
                OwnerOnly.narrow(file);
            } else {
                create(file);
            }
            return read(file);
        } catch (IOException e) {
            throw new UncheckedIOException("the local issuer's key " + file + " cannot be read or made: " + e.getMessage(), e);
        }
    }

    private static void create(Path file) throws IOException {
        Path dir = OwnerOnly.directories(file.toAbsolutePath().getParent());
        RSAKey key;
        try {
            key = new RSAKeyGenerator(KEY_BITS).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
                    .keyIDFromThumbprint(true).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot make an RSA key", e);
        }
        Path written = Files.createTempFile(dir, "issuer-key", ".tmp", OwnerOnly.file());
        try {
            Files.writeString(written, key.toJSONString());
            // A link appears complete or not at all, and fails if another process linked its key first.
            Files.createLink(file, written);
        } catch (FileAlreadyExistsException e) {
            // Another start-api or token made it meanwhile: theirs is the key.
        } finally {
            Files.delete(written);
        }
    }

    private static RSAKey read(Path file) throws IOException {
        try {
            RSAKey key = RSAKey.parse(Files.readString(file));
            if (!key.isPrivate() || key.getKeyID() == null) {
                throw new ParseException("not a private RSA key with a kid", 0);
            }
            return key;
        } catch (ParseException e) {
            throw new IllegalStateException("the local issuer's key " + file + " is unusable (" + e.getMessage()
                    + "); delete it and sam-local makes a new one");
        }
    }
}
