package dev.orders.local.api;

import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.JSONObjectUtils;
import dev.orders.local.UsageException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.text.ParseException;
import java.util.Map;

/**
 * What API Gateway reads of a JWT authorizer's issuer: its OpenID Connect discovery document, at
 * {@code <issuer>/.well-known/openid-configuration}, whose {@code issuer} must be the issuer itself and
 * whose {@code jwks_uri} names the key set. Over HTTPS, as in AWS; plain HTTP only on the loopback (a
 * second sam-local as the issuer).
 */
public final class IssuerDiscovery {
    private static final int TIMEOUT_MILLIS = 5_000;
    private static final int MAX_BYTES = 512 * 1024;

    private IssuerDiscovery() {
    }

    /** The {@code jwks_uri} of {@code issuer}'s discovery document; a usage error if there is none to read. */
    public static URI jwksUri(URI issuer) {
        requireSecure(issuer, "the JWT issuer");
        String base = issuer.toString().endsWith("/") ? issuer.toString().substring(0, issuer.toString().length() - 1)
                : issuer.toString();
        URI discovery = URI.create(base + LocalIssuer.DISCOVERY_PATH);
        Map<String, Object> document;
        try {
            document = JSONObjectUtils.parse(new DefaultResourceRetriever(TIMEOUT_MILLIS, TIMEOUT_MILLIS, MAX_BYTES)
                    .retrieveResource(discovery.toURL()).getContent());
        } catch (IOException | ParseException e) {
            throw new UsageException("the JWT issuer's discovery document " + discovery + " cannot be read: " + e.getMessage());
        }
        if (!issuer.toString().equals(document.get("issuer"))) {
            throw new UsageException("the discovery document " + discovery + " is of issuer " + document.get("issuer")
                    + ", not " + issuer);
        }
        if (!(document.get("jwks_uri") instanceof String jwksUri)) {
            throw new UsageException("the discovery document " + discovery + " has no jwks_uri");
        }
        URI keys;
        try {
            keys = URI.create(jwksUri);
        } catch (IllegalArgumentException e) {
            throw new UsageException("the discovery document " + discovery + " has a jwks_uri that is no URL: " + jwksUri);
        }
        requireSecure(keys, "the issuer's jwks_uri");
        return keys;
    }

    /** An absolute https URL, or http to a loopback address. */
    public static void requireSecure(URI url, String what) {
        boolean https = "https".equals(url.getScheme());
        boolean loopbackHttp = "http".equals(url.getScheme()) && url.getHost() != null && loopback(url.getHost());
        if (url.getHost() == null || !(https || loopbackHttp)) {
            throw new UsageException(what + " must be an https URL (http only on the loopback), not " + url);
        }
    }

    private static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
