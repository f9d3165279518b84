package dev.orders.bench;

import java.util.Arrays;

/** Percentiles of a sample of durations in milliseconds. */
record Stats(double[] sortedMillis) {
    static Stats of(double[] millis) {
        double[] copy = millis.clone();
        Arrays.sort(copy);
        return new Stats(copy);
    }

    double percentile(double p) {
        if (sortedMillis.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p / 100.0 * sortedMillis.length) - 1;
        return sortedMillis[Math.max(0, Math.min(sortedMillis.length - 1, index))];
    }

    double median() {
        return percentile(50);
    }
}
