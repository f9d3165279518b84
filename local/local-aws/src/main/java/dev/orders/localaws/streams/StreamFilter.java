package dev.orders.localaws.streams;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.event.ruler.Machine;

/**
 * The {@code FilterCriteria} of a stream event, as Lambda applies them: a record is kept when it matches one
 * of the patterns (EventBridge's pattern language, matched with EventBridge's own engine), or when there are
 * none.
 */
public final class StreamFilter {
    private final Machine machine = Machine.builder().build();
    private final boolean none;

    public StreamFilter(List<String> patterns) {
        this.none = patterns.isEmpty();
        for (String pattern : patterns) {
            try {
                machine.addRule("filter", pattern);
            } catch (IOException e) {
                throw new IllegalArgumentException("not an event pattern: " + pattern + ": " + e.getMessage(), e);
            }
        }
    }

    public boolean matches(Record record) {
        if (none) {
            return true;
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("eventName", record.eventNameAsString());
        Map<String, Object> dynamodb = new LinkedHashMap<>();
        if (record.dynamodb().hasKeys()) {
            dynamodb.put("Keys", StreamRecords.image(record.dynamodb().keys()));
        }
        if (record.dynamodb().hasNewImage()) {
            dynamodb.put("NewImage", StreamRecords.image(record.dynamodb().newImage()));
        }
        json.put("dynamodb", dynamodb);
        try {
            return !machine.rulesForJSONEvent(JSON.std.asString(json)).isEmpty();
        } catch (Exception e) {
            throw new IllegalStateException("the filter cannot read stream record " + record.eventID(), e);
        }
    }
}
