package dev.orders.local.invoke;

/**
 * A call Lambda refuses before running anything: its status, its error code (the {@code x-amzn-ErrorType}
 * header, which the SDKs map to an exception) and message. {@code Type} is the body's {@code "Type"}, which
 * Lambda sends for its own refusals ({@code "User"}) and not for the API's validation errors.
 */
final class InvokeRefusal extends Exception {
    private static final long serialVersionUID = 1L;
    private static final String USER = "User";

    final int status;
    final String errorCode;
    final boolean userType;

    private InvokeRefusal(int status, String errorCode, String message, boolean userType) {
        super(message, null, false, false);
        this.status = status;
        this.errorCode = errorCode;
        this.userType = userType;
    }

    static InvokeRefusal notFound(String arn) {
        return new InvokeRefusal(404, "ResourceNotFoundException", "Function not found: " + arn, true);
    }

    static InvokeRefusal invalidContent(String message) {
        return new InvokeRefusal(400, "InvalidRequestContentException", message, true);
    }

    static InvokeRefusal invalidParameter(String message) {
        return new InvokeRefusal(400, "InvalidParameterValueException", message, true);
    }

    /** Lambda answers a payload over its limit with this code, not the RequestTooLargeException its API model names. */
    static InvokeRefusal tooLarge(String message) {
        return new InvokeRefusal(413, "RequestEntityTooLargeException", message, true);
    }

    /** A parameter outside the API's constraints, in the wording of AWS's request validation. */
    static InvokeRefusal validation(String value, String member, String constraint) {
        return new InvokeRefusal(400, "ValidationException", "1 validation error detected: Value '" + value + "' at '"
                + member + "' failed to satisfy constraint: " + constraint, false);
    }

    /**
     * A request from a web page: browsers send {@code Origin} with every cross-origin request (and its preflight),
     * the AWS CLI and SDKs never do. Lambda's endpoint needs a SigV4 signature no page can make; without one here,
     * a page's POST would run any function with any claims. AccessDeniedException is Lambda's common error for a
     * caller that may not perform the action (403), where a signature error would send the caller after their keys.
     */
    static InvokeRefusal fromBrowser(String origin) {
        return new InvokeRefusal(403, "AccessDeniedException", "sam-local's Invoke API refuses requests from web pages"
                + " (this one has Origin: " + origin + "): Lambda's endpoint needs a SigV4 signature, which no page can"
                + " make. Call it with the AWS CLI or an AWS SDK, which send no Origin.", true);
    }

    static InvokeRefusal unknownOperation(String method, String path) {
        return new InvokeRefusal(404, "UnknownOperationException", "sam-local serves the Invoke operation only"
                + " (POST /2015-03-31/functions/{FunctionName}/invocations), not " + method + " " + path, false);
    }

    String type() {
        return userType ? USER : null;
    }
}
