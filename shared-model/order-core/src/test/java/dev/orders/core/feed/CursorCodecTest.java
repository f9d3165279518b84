package dev.orders.core.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CursorCodecTest {
    private final CursorCodec codec = new CursorCodec("a test secret of enough length".getBytes(StandardCharsets.UTF_8));

    @Test
    void roundTripsThePositionForTheSameScope() {
        String cursor = codec.encode("timeline|c-1||", "2026-01-01T00:00:00.000Z#01J");
        assertEquals("2026-01-01T00:00:00.000Z#01J", codec.decode("timeline|c-1||", cursor));
    }

    @Test
    void cursorDoesNotRevealThePosition() {
        String cursor = codec.encode("s", "2026-01-01T00:00:00.000Z#SECRET-ORDER");
        String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.ISO_8859_1);
        assertFalse(decoded.contains("SECRET-ORDER"));
        assertFalse(cursor.contains("2026"));
    }

    @Test
    void cursorOfAnotherQueryIsRejected() {
        String cursor = codec.encode("timeline|c-1||", "pos");
        assertThrows(InvalidCursorException.class, () -> codec.decode("timeline|c-2||", cursor));
        assertThrows(InvalidCursorException.class, () -> codec.decode("timeline|c-1|2026-01-01T00:00:00.000Z|", cursor));
    }

    @Test
    void differentListsOfScopePartsNeverMakeTheSameScope() {
        List<List<String>> queries = List.of(List.of("timeline", "auth0|a"), List.of("timeline|auth0", "a"),
                List.of("timeline", "auth0", "a"), List.of("history", "c|o-1", "o-2"), List.of("history", "c", "o-1|o-2"),
                List.of("timeline", "c-1", "", ""), List.of("timeline", "c-1", ""), List.of("timeline", "c-1"),
                List.of("1:a;", "b"), List.of("1:a;1:b;"), List.of("a", "b"));
        Set<String> scopes = new HashSet<>();
        queries.forEach(parts -> scopes.add(CursorCodec.scope(parts)));
        assertEquals(queries.size(), scopes.size(), scopes.toString());

        String cursor = codec.encode(CursorCodec.scope(List.of("timeline", "auth0|a")), "pos");
        assertThrows(InvalidCursorException.class, () -> codec.decode(CursorCodec.scope(List.of("timeline|auth0", "a")), cursor));
    }

    @Test
    void tamperedOrGarbageCursorsAreRejected() {
        String cursor = codec.encode("s", "pos");
        char[] chars = cursor.toCharArray();
        chars[chars.length / 2] = chars[chars.length / 2] == 'A' ? 'B' : 'A';
        assertThrows(InvalidCursorException.class, () -> codec.decode("s", new String(chars)));
        assertThrows(InvalidCursorException.class, () -> codec.decode("s", "not base64 !!"));
        assertThrows(InvalidCursorException.class, () -> codec.decode("s", ""));
        assertThrows(InvalidCursorException.class, () -> codec.decode("s", "AAAA"));
        assertThrows(InvalidCursorException.class, () -> codec.decode("s", "A".repeat(CursorCodec.MAX_CURSOR_LENGTH + 1)));
    }

    @Test
    void cursorOfAnotherSecretIsRejected() {
        CursorCodec other = new CursorCodec("another secret, also long enough".getBytes(StandardCharsets.UTF_8));
        assertThrows(InvalidCursorException.class, () -> codec.decode("s", other.encode("s", "pos")));
    }

    @Test
    void aRotatedSecretTakesEffectOnTheNextUseWithoutANewCodec() {
        AtomicReference<String> secret = new AtomicReference<>("the secret before the rotation");
        CursorCodec rotating = new CursorCodec(() -> secret.get().getBytes(StandardCharsets.UTF_8));
        String before = rotating.encode("s", "pos");
        secret.set("the secret after the rotation");
        assertThrows(InvalidCursorException.class, () -> rotating.decode("s", before));
        assertEquals("pos", rotating.decode("s", rotating.encode("s", "pos")));
    }

    @Test
    void aShortSecretIsRefusedWhenFixedAndWhenRead() {
        assertThrows(IllegalArgumentException.class, () -> new CursorCodec("too short".getBytes(StandardCharsets.UTF_8)));
        CursorCodec shortOnUse = new CursorCodec(() -> "too short".getBytes(StandardCharsets.UTF_8));
        assertThrows(IllegalArgumentException.class, () -> shortOnUse.encode("s", "pos"));
    }

    @Test
    void invalidCursorIsAValidationErrorOnTheCursorField() {
        InvalidCursorException e = assertThrows(InvalidCursorException.class, () -> codec.decode("s", "x"));
        assertEquals("cursor", e.errors().get(0).field());
    }
}
