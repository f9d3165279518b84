/** An instant of the API (ISO-8601 UTC) as the reader's locale writes it, with its time zone. */
export function formatInstant(at: string, locale?: string, timeZone?: string): string {
    return new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short", timeZone })
        .format(new Date(at));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago `at` was, in its largest whole unit: "3 days", "5 hours", "1 minute" ("0 minutes" for less). */
export function formatAge(at: string, now: Date, locale?: string): string {
    const elapsed = Math.max(0, now.getTime() - new Date(at).getTime());
    const [amount, unit] = elapsed >= DAY ? [elapsed / DAY, "day"] : elapsed >= HOUR ? [elapsed / HOUR, "hour"] : [elapsed / MINUTE, "minute"];
    return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" })
        .format(Math.floor(amount));
}
