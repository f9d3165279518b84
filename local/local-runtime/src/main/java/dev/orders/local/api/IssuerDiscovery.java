package dev.orders.local.api;

import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.orders.local.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What API Gateway reads of a JWT authorizer's issuer: its OpenID Connect discovery document, at
 * {@code <issuer>/.well-known/openid-configuration}, whose {@code issuer} must be the issuer itself and
 * whose {@code jwks_uri} names the key set; and how sam-local reads that and the key set. Over HTTPS, as in
 * AWS; plain HTTP only on the loopback (a second sam-local as the issuer): to a host whose every address is
 * a loopback one, connected to at the address checked, so that a name resolving elsewhere later changes
 * nothing. Only a 200 is read: no redirect is followed, to anywhere, as AWS's own verifier (aws-jwt-verify)
 * takes nothing but a 200.
 */
public final class IssuerDiscovery implements ResourceRetriever {
    /** start-api's: host names as the system resolves them. */
    public static final IssuerDiscovery SYSTEM = new IssuerDiscovery(InetAddress::getAllByName);
    private static final int TIMEOUT_MILLIS = 5_000;
    private static final int MAX_BYTES = 512 * 1024;

    /** A host's addresses; the system's resolver but in tests. */
    interface Resolver {
        InetAddress[] addresses(String host) throws UnknownHostException;
    }

    /** A URL the issuer rule refuses: neither https nor http to the loopback only. */
    static final class RefusedUrl extends IOException {
        private static final long serialVersionUID = 1L;

        RefusedUrl(URI url, String why) {
            super("must be an https URL (http only on the loopback), not " + url + why);
        }
    }

    private final Resolver resolver;

    IssuerDiscovery(Resolver resolver) {
        this.resolver = resolver;
    }

    /** The {@code jwks_uri} of {@code issuer}'s discovery document; a usage error if there is none to read. */
    public URI jwksUri(URI issuer) {
        requireSecure(issuer, "the JWT issuer");
        String base = issuer.toString().endsWith("/") ? issuer.toString().substring(0, issuer.toString().length() - 1)
                : issuer.toString();
        URI discovery = URI.create(base + LocalIssuer.DISCOVERY_PATH);
        Map<String, Object> document;
        try {
            document = JSONObjectUtils.parse(retrieveResource(discovery.toURL()).getContent());
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

    /** An absolute https URL, or http to a host whose every address is a loopback one; else a usage error. */
    public void requireSecure(URI url, String what) {
        try {
            connectTo(url);
        } catch (RefusedUrl e) {
            throw new UsageException(what + " " + e.getMessage());
        }
    }

    /** GET {@code url} if the rule admits it; its body if the answer is 200, else why not. */
    @Override
    public Resource retrieveResource(URL url) throws IOException {
        URI uri;
        try {
            uri = url.toURI();
        } catch (URISyntaxException e) {
            throw new IOException(url + " is no URI: " + e.getMessage(), e);
        }
        URL target = connectTo(uri);
        // The proxy a JVM may be told of would make the loopback check moot; https goes as the JVM is set up.
        HttpURLConnection connection = (HttpURLConnection) ("http".equals(uri.getScheme())
                ? target.openConnection(Proxy.NO_PROXY) : target.openConnection());
        try {
            connection.setInstanceFollowRedirects(false);
            connection.setConnectTimeout(TIMEOUT_MILLIS);
            connection.setReadTimeout(TIMEOUT_MILLIS);
            connection.setRequestProperty("Accept", "application/json");
            int status = connection.getResponseCode();
            if (status != HttpURLConnection.HTTP_OK) {
                String location = connection.getHeaderField("Location");
                throw new IOException("it answered HTTP " + status + (status / 100 == 3 && location != null
                        ? ", a redirect to " + location + ", which is not followed" : ""));
            }
            try (InputStream body = connection.getInputStream()) {
                byte[] content = body.readNBytes(MAX_BYTES + 1);
                if (content.length > MAX_BYTES) {
                    throw new IOException("it is larger than " + MAX_BYTES + " bytes");
                }
                return new Resource(new String(content, StandardCharsets.UTF_8), connection.getContentType());
            }
        } finally {
            connection.disconnect();
        }
    }

    /** Where to connect for {@code url}: itself if https; if http, its host's checked loopback address. */
    private URL connectTo(URI url) throws RefusedUrl {
        if (!url.isAbsolute() || url.getHost() == null) {
            throw new RefusedUrl(url, "");
        }
        if ("https".equals(url.getScheme())) {
            return asUrl(url, url);
        }
        if (!"http".equals(url.getScheme())) {
            throw new RefusedUrl(url, "");
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.addresses(url.getHost());
        } catch (UnknownHostException e) {
            throw new RefusedUrl(url, " (" + url.getHost() + " has no address)");
        }
        if (addresses.length == 0 || !Arrays.stream(addresses).allMatch(InetAddress::isLoopbackAddress)) {
            String resolved = Arrays.stream(addresses).map(InetAddress::getHostAddress).collect(Collectors.joining(", "));
            throw new RefusedUrl(url, " (" + url.getHost() + (resolved.equals(url.getHost()) ? " is not a loopback address)"
                    : " is " + resolved + ")"));
        }
        String address = addresses[0].getHostAddress();
        return asUrl(url, URI.create("http://" + (address.contains(":") ? "[" + address + "]" : address)
                + (url.getPort() == -1 ? "" : ":" + url.getPort()) + url.getRawPath()
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery())));
    }

    private static URL asUrl(URI url, URI target) throws RefusedUrl {
        try {
            return target.toURL();
        } catch (IOException | IllegalArgumentException e) {
            throw new RefusedUrl(url, " (" + e.getMessage() + ")");
        }
    }
}
