/** Reading template.yaml: its functions, routes and environment ({@code SamTemplate}) and its tables ({@code TemplateTable}). */
package dev.orders.localaws.template;
