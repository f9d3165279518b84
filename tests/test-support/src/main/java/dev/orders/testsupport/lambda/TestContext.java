package dev.orders.testsupport.lambda;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A Lambda context for invoking handlers in tests. */
public final class TestContext implements Context {
    private final String requestId;
    private final String functionName;
    private final String functionVersion;
    private final String invokedFunctionArn;
    private final int memoryLimitMb;
    private final int remainingMillis;

    public TestContext() {
        this(UUID.randomUUID().toString(), "test-function", "$LATEST",
                "arn:aws:lambda:eu-west-1:123456789012:function:test-function", 1024, 15_000);
    }

    /** The context Lambda gives the invocation {@code requestId} of a function named and configured so. */
    public TestContext(String requestId, String functionName, String functionVersion, String invokedFunctionArn,
                       int memoryLimitMb, int remainingMillis) {
        this.requestId = requestId;
        this.functionName = functionName;
        this.functionVersion = functionVersion;
        this.invokedFunctionArn = invokedFunctionArn;
        this.memoryLimitMb = memoryLimitMb;
        this.remainingMillis = remainingMillis;
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + functionName;
    }

    @Override
    public String getLogStreamName() {
        return "test";
    }

    @Override
    public String getFunctionName() {
        return functionName;
    }

    @Override
    public String getFunctionVersion() {
        return functionVersion;
    }

    @Override
    public String getInvokedFunctionArn() {
        return invokedFunctionArn;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return remainingMillis;
    }

    @Override
    public int getMemoryLimitInMB() {
        return memoryLimitMb;
    }

    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                System.out.println(message);
            }

            @Override
            public void log(byte[] message) {
                System.out.println(new String(message, StandardCharsets.UTF_8));
            }
        };
    }
}
