import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../target/generated/openapi";
import { failureOf, type Refusal, refusalOf } from "./refusal";

/** The API on the console's own origin, typed by docs/openapi.yaml: no CORS, no base URL to configure. */
export type Api = Client<paths>;

/** A call's outcome: the body and the ETag it answered, or the refusal to show. */
export type Answer<T> = { ok: true; data: T; etag: string | null } | { ok: false; refusal: Refusal };

/** The API at `origin`, every request sent through `send` (which adds the token). */
export function createApi(origin: string, send: (request: Request) => Promise<Response>): Api {
    return createClient<paths>({ baseUrl: origin, fetch: send });
}

/** What an openapi-fetch call came to; a call that threw (no network, the session ended) is a refusal too. */
export async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Answer<T>> {
    try {
        const { data, error, response } = await call;
        if (response.ok && data !== undefined) {
            return { ok: true, data, etag: response.headers.get("ETag") };
        }
        return { ok: false, refusal: refusalOf(response.status, response.statusText, response.headers.get("Content-Type"), error) };
    } catch (failure) {
        return { ok: false, refusal: failureOf(failure) };
    }
}
