import { MINOR_UNITS } from "../target/generated/minor-units";

/**
 * An amount the API gives in minor units (cents, yen, fils) as the reader's locale writes it in that currency:
 * 1250 EUR is €12.50, 1250 JPY ¥1,250, 1250 BHD BHD 1.250. The digits are the service's (ISO 4217), not Intl's;
 * the amount goes to Intl as a decimal string, exact up to the API's largest (2^53 - 1).
 */
export function formatMoney(minor: number, currency: string, locale?: string): string {
    const digits = MINOR_UNITS[currency];
    if (digits === undefined) {
        throw new Error(`${currency} is not a currency of the service`);
    }
    const format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    return format.format(decimal(minor, digits));
}

/** 1250 with 2 digits is "12.50"; -5 with 3 is "-0.005". */
function decimal(minor: number, digits: number): `${number}` {
    const sign = minor < 0 ? "-" : "";
    const units = String(Math.abs(minor)).padStart(digits + 1, "0");
    return digits === 0 ? `${sign}${units}` as `${number}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}` as `${number}`;
}
