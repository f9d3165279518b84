package dev.orders.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An order's life as section 11 bills it: its lines, the publication of its events last, and the writes it could not
 * have avoided.
 */
record OrderLife(List<OrderLife.Line> lines, WriteFloor floor) {
    /** One line of an order's life: a step, what served it (a route, the stream, the schedule) and what it used. */
    record Line(String step, String served, Usage usage) {
    }

    Usage usage() {
        return lines.stream().map(Line::usage).reduce(Usage.NONE, Usage::plus);
    }

    /** Each line's mean over {@code lives}, which ran the same steps in the same order. */
    static OrderLife mean(List<OrderLife> lives) {
        Map<String, Line> sums = new LinkedHashMap<>();
        WriteFloor floor = WriteFloor.NONE;
        for (OrderLife life : lives) {
            for (Line line : life.lines()) {
                sums.merge(line.step() + "\n" + line.served(), line,
                        (a, b) -> new Line(a.step(), a.served(), a.usage().plus(b.usage())));
            }
            floor = floor.plus(life.floor());
        }
        double share = 1.0 / lives.size();
        return new OrderLife(sums.values().stream().map(line -> new Line(line.step(), line.served(),
                line.usage().times(share))).toList(), floor.times(share));
    }
}
