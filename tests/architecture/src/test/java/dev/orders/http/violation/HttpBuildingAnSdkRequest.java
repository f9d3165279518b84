package dev.orders.http.violation;

import software.amazon.awssdk.core.SdkBytes;

/** A deliberate violation for ArchitectureRulesViolationTest: the HTTP adapter using the SDK. */
public final class HttpBuildingAnSdkRequest {
    public SdkBytes body(String text) {
        return SdkBytes.fromUtf8String(text);
    }
}
