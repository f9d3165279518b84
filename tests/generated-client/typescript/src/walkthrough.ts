// What both TypeScript walkthroughs share: the README's variables, the checks of what a call answered, and
// the line each call prints once its checks pass, which the Java test compares with the README's calls.
import { deepStrictEqual } from "node:assert";
import { createHmac } from "node:crypto";

/** $API, $ADA, $ADMIN and WEBHOOK_SECRET of the README, from the environment the Java test gives. */
export interface Setting {
    readonly api: string;
    readonly adaToken: string;
    readonly adminToken: string;
    readonly webhookSecret: string;
}

function settingFromEnvironment(): Setting {
    const value = (name: string): string => {
        const found = process.env[name];
        if (!found) {
            throw new Error(`${name} is not set: the walkthrough runs with API, ADA_TOKEN, ADMIN_TOKEN and WEBHOOK_SECRET`);
        }
        return found;
    };
    return {
        api: value("API"),
        adaToken: value("ADA_TOKEN"),
        adminToken: value("ADMIN_TOKEN"),
        webhookSecret: value("WEBHOOK_SECRET"),
    };
}

/**
 * Fails unless `actual` equals `expected`. `T` is taken from `actual` alone and may not hold undefined: a
 * field passed as it is must be one the document says is always there (no `?` or `!`); one it leaves
 * optional compiles only with its absence handled (`??`).
 */
export function expectEqual<T extends {}>(actual: T, expected: NoInfer<T>, what: string): void {
    deepStrictEqual(actual, expected, what);
}

/** Fails unless an optional field is absent, as the document says it is for this reader. */
export function expectAbsent(actual: unknown, what: string): void {
    deepStrictEqual(actual, undefined, what);
}

/** The Webhook-Signature header of a delivery: HMAC-SHA256 of "<t>.<body>", as the payment provider signs. */
export function webhookSignature(secret: string, seconds: number, body: string): string {
    return `t=${seconds},v1=${createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex")}`;
}

/** A read through an index, once `ready`: an index may lag the write it follows (50 tries, 100 ms apart). */
export async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
    for (let attempt = 1; ; attempt++) {
        const value = await read();
        if (ready(value) || attempt === 50) {
            return value;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

/**
 * The walkthrough's calls: the clients send through `fetch`, which notes the last request and its
 * status; `call` prints that once a step's checks pass ("passed METHOD PATH STATUS"), and
 * `finish` the count of calls passed. A failed check throws: nothing more is printed and the
 * program exits 1.
 */
export class Calls {
    private passed = 0;
    private last: string | undefined;

    readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
        const request = new Request(input, init);
        const response = await fetch(request);
        this.last = `${request.method} ${new URL(request.url).pathname} ${response.status}`;
        return response;
    };

    async call(step: string, run: () => Promise<void>): Promise<void> {
        this.last = undefined;
        await run();
        if (this.last === undefined) {
            throw new Error(`${step}: no request was sent`);
        }
        this.passed++;
        console.log(`passed ${this.last} ${step}`);
    }

    finish(): void {
        console.log(`${this.passed} calls passed`);
    }
}

/** Runs a walkthrough as a program: exit 1 with the failure on stderr, 0 once every call passed. */
export function runWalkthrough(walkthrough: (setting: Setting, calls: Calls) => Promise<void>): void {
    const calls = new Calls();
    walkthrough(settingFromEnvironment(), calls).then(
        () => calls.finish(),
        (failure: unknown) => {
            console.error(failure);
            process.exitCode = 1;
        },
    );
}
