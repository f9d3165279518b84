package dev.orders.testsupport.privilege;

/** IAM's wildcards in an action or a resource of a policy: {@code *} any characters, {@code ?} any one. */
final class Wildcards {
    private Wildcards() {
    }

    static boolean matches(String pattern, String text) {
        return matches(pattern, 0, text, 0);
    }

    static boolean hasWildcard(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
    }

    private static boolean matches(String pattern, int p, String text, int t) {
        while (p < pattern.length()) {
            char c = pattern.charAt(p);
            if (c == '*') {
                for (int rest = t; rest <= text.length(); rest++) {
                    if (matches(pattern, p + 1, text, rest)) {
                        return true;
                    }
                }
                return false;
            }
            if (t >= text.length() || (c != '?' && c != text.charAt(t))) {
                return false;
            }
            p++;
            t++;
        }
        return t == text.length();
    }
}
