package dev.orders.core.money;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The currencies prices and orders may be in: the circulating currencies of ISO 4217, each with its
 * minor units (the digits after the decimal point: JPY 0, EUR 2, BHD 3), which set what one unit of
 * an integer amount is worth.
 *
 * <p>Transcribed from ISO 4217 List One (current currencies and funds) as its maintenance agency, SIX,
 * publishes it, less what is no money one can be charged in: funds codes (BOV, CHE, CHW, CLF, COU, MXV,
 * USN, UYI, UYW), precious metals (XAG, XAU, XPD, XPT), units of account and settlement (XBA to XBD, XDR,
 * XSU, XUA), the testing code XTS and XXX (no currency); and less the currencies whose replacement has
 * completed: ANG (by XCG, 2025), BGN (by EUR, 2026), CUC (out of circulation since 2021), SLL (by SLE),
 * ZWL (by ZWG). Withdrawn codes (List Three, e.g. DEM, HRK) were never on it. CurrenciesTest checks
 * every minor unit here against the JDK's own ISO 4217 data.
 */
public final class Currencies {
    private static final Map<String, Integer> MINOR_UNITS = byMinorUnits(Map.of(
            0, "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF",
            2, "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF"
                    + " CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD"
                    + " HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD"
                    + " MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR"
                    + " RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY"
                    + " TTD TWD TZS UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG",
            3, "BHD IQD JOD KWD LYD OMR TND"));

    private Currencies() {
    }

    public static boolean isCirculating(String code) {
        return code != null && MINOR_UNITS.containsKey(code);
    }

    /** Digits after the decimal point of {@code code}, a circulating currency. */
    public static int minorUnits(String code) {
        Integer digits = code == null ? null : MINOR_UNITS.get(code);
        if (digits == null) {
            throw new IllegalArgumentException("not a circulating currency: " + code);
        }
        return digits;
    }

    /** The most minor units any circulating currency has (three: the dinars). */
    static int mostMinorUnits() {
        return MINOR_UNITS.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    private static Map<String, Integer> byMinorUnits(Map<Integer, String> codesByDigits) {
        Map<String, Integer> minorUnits = new TreeMap<>();
        codesByDigits.forEach((digits, codes) -> {
            for (String code : codes.split(" ")) {
                if (minorUnits.put(code, digits) != null) {
                    throw new IllegalStateException(code + " is listed twice");
                }
            }
        });
        return Collections.unmodifiableMap(minorUnits);
    }
}
