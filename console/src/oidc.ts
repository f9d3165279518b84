// Sign-in with the issuer the API trusts: OIDC's authorization code flow with PKCE (S256), by panva's oauth4webapi,
// the endpoints read from the issuer's discovery document. auth-state.ts keeps what survives the redirect.
import * as oauth from "oauth4webapi";
import { allowsPlainHttp, type ConsoleConfig, type PendingSignIn } from "./auth-state";

export type Issuer = {
    server: oauth.AuthorizationServer;
    client: oauth.Client;
    scope: string;
    /** Plain HTTP is allowed only to an issuer on this machine (./sam-local's). */
    http: { [oauth.allowInsecureRequests]: boolean };
};

/** The issuer `config` names, from its discovery document (whose `issuer` must be that URL). */
export async function discover(config: ConsoleConfig): Promise<Issuer> {
    const url = new URL(config.issuer);
    const http = { [oauth.allowInsecureRequests]: allowsPlainHttp(url) };
    const server = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, http));
    return { server, client: { client_id: config.clientId }, scope: config.scope, http };
}

/** A new sign-in: its state and PKCE verifier, and the issuer's authorization URL that starts it. */
export async function authorization(issuer: Issuer, redirectUri: string, returnTo: string): Promise<{ pending: PendingSignIn; url: URL }> {
    if (issuer.server.authorization_endpoint === undefined) {
        throw new Error(`the issuer ${issuer.server.issuer} publishes no authorization_endpoint`);
    }
    const pending = { state: oauth.generateRandomState(), codeVerifier: oauth.generateRandomCodeVerifier(), returnTo };
    const url = new URL(issuer.server.authorization_endpoint);
    url.search = new URLSearchParams({
        response_type: "code",
        client_id: issuer.client.client_id,
        redirect_uri: redirectUri,
        scope: issuer.scope,
        state: pending.state,
        code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: "S256",
    }).toString();
    return { pending, url };
}

/** The tokens the issuer's redirect back to `current` leads to, or the error it carried (an oauth4webapi error). */
export async function redeem(issuer: Issuer, current: URL, redirectUri: string, pending: PendingSignIn): Promise<{ accessToken: string; idToken?: string }> {
    const callback = oauth.validateAuthResponse(issuer.server, issuer.client, current, pending.state);
    const response = await oauth.authorizationCodeGrantRequest(
        issuer.server, issuer.client, oauth.None(), callback, redirectUri, pending.codeVerifier, issuer.http);
    const tokens = await oauth.processAuthorizationCodeResponse(issuer.server, issuer.client, response);
    return { accessToken: tokens.access_token, ...(tokens.id_token === undefined ? {} : { idToken: tokens.id_token }) };
}

/** Where sign-out ends the issuer's session too, coming back to `redirectUri`; undefined where discovery has no end_session_endpoint. */
export function endSession(issuer: Issuer, redirectUri: string, idToken: string | undefined): URL | undefined {
    if (issuer.server.end_session_endpoint === undefined) {
        return undefined;
    }
    const url = new URL(issuer.server.end_session_endpoint);
    url.searchParams.set("client_id", issuer.client.client_id);
    url.searchParams.set("post_logout_redirect_uri", redirectUri);
    if (idToken !== undefined) {
        url.searchParams.set("id_token_hint", idToken);
    }
    return url;
}

/** What an oauth4webapi error says: the issuer's error and description where it answered one. */
export function signInFailure(error: unknown): string {
    if (error instanceof oauth.AuthorizationResponseError || error instanceof oauth.ResponseBodyError) {
        return error.error_description === undefined ? error.error : `${error.error}: ${error.error_description}`;
    }
    return error instanceof Error ? error.message : String(error);
}
