package dev.orders.client;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The call of README.md's walkthrough a step makes, as {@link ReadmeWalkthrough#calls()} reads it ("METHOD /path",
 * the README's variables as written), and which of the calls written alike it is (1: the first). {@link ReadmeOrder}
 * runs the steps in the README's order, so no step is numbered by hand.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface ReadmeCall {
    String value();

    int occurrence() default 1;
}
