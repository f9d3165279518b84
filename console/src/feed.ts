import type { Feed } from "./router";
import type { OrderStatus } from "./schemas";

/** Orders a page of the status feed shows. */
export const FEED_PAGE = 20;

/** What GET /orders is asked for `feed`: a date range of whole UTC days, its last day included (the API's `to` excludes). */
export function feedQuery(feed: Feed): { status?: OrderStatus; from?: string; to?: string; cursor?: string; limit: number } {
    return {
        // A status the hash names but the API does not know is sent as it is: the API's refusal says what is wrong.
        ...(feed.status === undefined ? {} : { status: feed.status as OrderStatus }),
        ...(feed.from === undefined ? {} : { from: dayStart(feed.from, 0) }),
        ...(feed.to === undefined ? {} : { to: dayStart(feed.to, 1) }),
        ...(feed.cursor === undefined ? {} : { cursor: feed.cursor }),
        limit: FEED_PAGE,
    };
}

/** The instant `days` days after the start of `date` (YYYY-MM-DD) in UTC; anything else as it is, for the API to refuse. */
function dayStart(date: string, days: number): string {
    const day = new Date(`${date}T00:00:00.000Z`);
    // Date reads 2025-02-30 as 2025-03-02: only a date that names itself is one.
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) {
        return date;
    }
    day.setUTCDate(day.getUTCDate() + days);
    return day.toISOString();
}
