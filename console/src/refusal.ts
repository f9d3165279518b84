// What the console shows when a request did not do what was asked: the API's problem (RFC 9457) in its own words,
// API Gateway's message, or why no answer came.

export type FieldError = { field: string; message: string };

export type Refusal = { title: string; detail?: string; errors: FieldError[]; status?: number };

/** The refusal an answer of `status` carries: a problem's title, detail and field errors; API Gateway's message; else the status. */
export function refusalOf(status: number, statusText: string, contentType: string | null, body: unknown): Refusal {
    const fields = typeof body === "object" && body !== null ? body as Record<string, unknown> : {};
    if (contentType?.startsWith("application/problem+json") && typeof fields.title === "string") {
        return {
            title: fields.title,
            ...(typeof fields.detail === "string" ? { detail: fields.detail } : {}),
            errors: Array.isArray(fields.errors) ? fields.errors.filter(isFieldError) : [],
            status,
        };
    }
    if (typeof fields.message === "string") {
        return { title: fields.message, detail: `The API gateway answered ${status} before the service ran.`, errors: [], status };
    }
    const text = typeof body === "string" && body.trim() !== "" ? { detail: body.trim().slice(0, 500) } : {};
    return { title: `The API answered ${status}${statusText === "" ? "" : ` ${statusText}`}`, ...text, errors: [], status };
}

/** A change refused because what it was sent for changed since the screen read it (412 on its If-Match). */
export function staleRefusal(refusal: Refusal): Refusal {
    return { ...refusal, title: "Changed since you loaded it", detail: refusal.detail === undefined ? refusal.title : `${refusal.title}: ${refusal.detail}` };
}

/** A request that threw rather than answered: the network failed, or the console itself did. */
export function failureOf(error: unknown): Refusal {
    const detail = error instanceof Error ? error.message : String(error);
    return error instanceof TypeError && /fetch|network|load failed/i.test(detail)
        ? { title: "The request did not reach the API", detail: `${detail}. Check the connection, then try again.`, errors: [] }
        : { title: "The console failed", detail, errors: [] };
}

function isFieldError(value: unknown): value is FieldError {
    const error = value as Partial<FieldError> | null;
    return typeof error?.field === "string" && typeof error.message === "string";
}
