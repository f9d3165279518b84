package dev.orders.functions.publishevents;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;

/**
 * A stream record's image, as the Lambda event library types it, in the SDK's types, so the table's own
 * codec reads it exactly as it reads the item from the table.
 */
final class StreamImage {
    private StreamImage() {
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Map<String, AttributeValue> image) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item = new LinkedHashMap<>();
        image.forEach((name, value) -> item.put(name, toSdk(value)));
        return item;
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue value) {
        var sdk = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
        if (value.getS() != null) {
            sdk.s(value.getS());
        } else if (value.getN() != null) {
            sdk.n(value.getN());
        } else if (value.getBOOL() != null) {
            sdk.bool(value.getBOOL());
        } else if (value.getNULL() != null) {
            sdk.nul(value.getNULL());
        } else if (value.getM() != null) {
            sdk.m(toSdk(value.getM()));
        } else if (value.getL() != null) {
            sdk.l(value.getL().stream().map(StreamImage::toSdk).toList());
        } else if (value.getSS() != null) {
            sdk.ss(value.getSS());
        } else if (value.getNS() != null) {
            sdk.ns(value.getNS());
        } else if (value.getB() != null) {
            sdk.b(SdkBytes.fromByteBuffer(value.getB()));
        } else if (value.getBS() != null) {
            sdk.bs(value.getBS().stream().map(SdkBytes::fromByteBuffer).toList());
        } else {
            throw new IllegalArgumentException("an attribute value of no known type: " + value);
        }
        return sdk.build();
    }
}
