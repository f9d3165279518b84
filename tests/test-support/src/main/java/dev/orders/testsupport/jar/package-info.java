/** A deployable jar's closure: every class its classes refer to is in it or in the JDK. */
package dev.orders.testsupport.jar;
