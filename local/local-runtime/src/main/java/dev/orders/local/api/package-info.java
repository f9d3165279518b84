/** The template's HTTP API on a local port, as API Gateway serves it: routes, events, the JWT authorizer and a token issuer, seed data. */
package dev.orders.local.api;
