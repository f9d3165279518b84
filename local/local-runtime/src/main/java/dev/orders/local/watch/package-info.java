/**
 * {@code --watch}: the functions run from their modules' classes, and a saved change of a module's sources is
 * compiled in the functions' JVM and served from the next request ({@link dev.orders.local.watch.WatchMode}).
 */
package dev.orders.local.watch;
