/** The template's HTTP API on a local port, as API Gateway serves it: routes, events, the JWT authorizer, seed data. */
package dev.orders.local.api;
