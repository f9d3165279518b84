package dev.orders.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AWS's list prices, from {@value #FILE} (one line a price, its unit beside it, the region and the date they were
 * taken), so that updating a price is editing one line.
 */
record AwsPrices(String region, String taken, Map<String, Price> prices) {
    static final String FILE = "aws-prices.properties";
    private static final Pattern PRICE = Pattern.compile("([0-9.]+) USD per ([0-9]+) (.+)");

    /** {@code usd} for {@code per} of {@code unit}, e.g. 0.625 USD per 1000000 write request units. */
    record Price(double usd, long per, String unit) {
        double of(double quantity) {
            return usd * quantity / per;
        }

        @Override
        public String toString() {
            return "$" + usd + " per " + String.format(java.util.Locale.ROOT, "%,d", per) + " " + unit;
        }
    }

    static AwsPrices load() {
        Properties file = new Properties();
        try (InputStream in = AwsPrices.class.getClassLoader().getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is not on the classpath");
            }
            file.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Price> prices = new TreeMap<>();
        for (String key : file.stringPropertyNames()) {
            if (key.equals("region") || key.equals("taken")) {
                continue;
            }
            Matcher price = PRICE.matcher(file.getProperty(key).trim());
            if (!price.matches()) {
                throw new IllegalStateException(FILE + ": " + key + " is not \"<dollars> USD per <quantity> <unit>\"");
            }
            prices.put(key, new Price(Double.parseDouble(price.group(1)), Long.parseLong(price.group(2)), price.group(3)));
        }
        return new AwsPrices(file.getProperty("region"), file.getProperty("taken"), prices);
    }

    Price price(String key) {
        Price price = prices.get(key);
        if (price == null) {
            throw new IllegalStateException(FILE + " has no " + key);
        }
        return price;
    }
}
