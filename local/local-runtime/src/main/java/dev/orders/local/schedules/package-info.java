/** EventBridge's schedules, locally: a function's ScheduleV2 and Schedule events run at their times. */
package dev.orders.local.schedules;
