package dev.orders.local.api;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The pages of sam-local's issuer: the sign-in form developers fill in (no password: whoever reaches start-api
 * signs in as whom they say, as with {@code ./sam-local token}), and the refusal of a request it sends nowhere.
 * Plain HTML with labelled fields, which works by keyboard and without script.
 */
final class SignInPage {
    private static final String STYLE = "body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;"
            + "padding:0 1rem}label{font-weight:600}#subject{display:block;width:100%;box-sizing:border-box;font:inherit;"
            + "padding:.4rem;margin-top:.25rem}.hint{margin-top:.25rem;color:#444}.problem{color:#a00;font-weight:600}"
            + "button{font:inherit;padding:.5rem 1.5rem}";
    private static final String STYLE_SOURCE = "'sha256-" + Base64.getEncoder()
            .encodeToString(AuthorizationCodes.sha256(STYLE.getBytes(StandardCharsets.UTF_8))) + "'";

    private SignInPage() {
    }

    /**
     * The form for {@code request}, posted to {@code action}: {@code subject} and {@code administrator} as last
     * given, {@code problem} what was wrong with them.
     */
    static String form(AuthorizationRequest request, String action, String subject, boolean administrator,
                       Optional<String> problem) {
        StringBuilder hidden = new StringBuilder();
        request.parameters().forEach((name, value) -> hidden.append("<input type=\"hidden\" name=\"").append(escape(name))
                .append("\" value=\"").append(escape(value)).append("\">\n"));
        return page("Sign in", problem.map(text -> "<p class=\"problem\" role=\"alert\">" + escape(text) + "</p>\n").orElse("")
                + "<form method=\"post\" action=\"" + escape(action) + "\">\n" + hidden
                + "<p><label for=\"subject\">Subject</label>\n"
                + "<input type=\"text\" id=\"subject\" name=\"subject\" value=\"" + escape(subject) + "\" required"
                + " autocomplete=\"username\" autofocus aria-describedby=\"subject-hint\""
                + (problem.isPresent() ? " aria-invalid=\"true\"" : "") + "></p>\n"
                + "<p class=\"hint\" id=\"subject-hint\">Whom the tokens name (sub): a customer id such as c-ada, or any"
                + " name for an administrator.</p>\n"
                + "<p><input type=\"checkbox\" id=\"administrator\" name=\"administrator\" value=\"on\""
                + (administrator ? " checked" : "") + " aria-describedby=\"administrator-hint\">\n"
                + "<label for=\"administrator\">Administrator</label></p>\n"
                + "<p class=\"hint\" id=\"administrator-hint\">Grants the scope orders:admin, which the back office's"
                + " routes require.</p>\n"
                + "<p><button type=\"submit\">Sign in</button></p>\n</form>\n"
                + "<p>" + escape(request.clientId()) + " asks you to sign in; it gets the answer at "
                + escape(request.redirectUri()) + ".</p>\n");
    }

    /** The page saying why a request is refused and sent nowhere. */
    static String refused(String why) {
        return page("Sign-in refused", "<p role=\"alert\">" + escape(why) + "</p>\n");
    }

    /**
     * The pages' Content-Security-Policy: their own style and nothing else loaded, never framed; the form posted
     * to the issuer, whose answer takes the browser on to {@code redirectOrigin} (browsers hold redirects after a
     * form to form-action too).
     */
    static String policy(Optional<String> redirectOrigin) {
        return "default-src 'none'; style-src " + STYLE_SOURCE + "; form-action "
                + redirectOrigin.map(origin -> "'self' " + origin).orElse("'none'") + "; frame-ancestors 'none'; base-uri 'none'";
    }

    private static String page(String title, String main) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + title + " · sam-local</title>\n<style>" + STYLE + "</style>\n</head>\n<body>\n<main>\n"
                + "<h1>" + title + "</h1>\n"
                + "<p>sam-local's issuer, for developers: there is no password, the tokens name the subject you give.</p>\n"
                + main + "</main>\n</body>\n</html>\n";
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
