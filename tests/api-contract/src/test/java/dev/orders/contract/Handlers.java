package dev.orders.contract;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.functions.changeorder.ChangeOrderFunction;
import dev.orders.functions.createorder.CreateOrderFunction;
import dev.orders.functions.customerprofile.CustomerProfileFunction;
import dev.orders.functions.paymentwebhook.PaymentWebhookFunction;
import dev.orders.functions.productcatalog.ProductCatalogFunction;
import dev.orders.functions.queryorders.QueryOrdersFunction;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.support.SignedSamples;
import dev.orders.wiring.Services;
import dev.orders.testsupport.lambda.TestContext;
import java.time.Clock;
import java.util.Map;

/**
 * Every HTTP function of events/, keyed by its module (the sample's folder), built over one table as the
 * functions' own tests build them; the webhook verifies with {@link SignedSamples#WEBHOOK_SECRET}.
 */
record Handlers(Map<String, ApiFunction> byModule) {

    static Handlers over(Services services) {
        return new Handlers(Map.of(
                "customer-profile", new CustomerProfileFunction(services),
                "product-catalog", new ProductCatalogFunction(services),
                "create-order", new CreateOrderFunction(services),
                "change-order", new ChangeOrderFunction(services),
                "query-orders", new QueryOrdersFunction(services),
                "payment-webhook", new PaymentWebhookFunction(services, PaymentWebhookFunction.secrets(
                        SignedSamples.ENVIRONMENT), Clock.systemUTC())));
    }

    /** The response of the function of {@code sample} (e.g. {@code change-order/add-item}) to {@code event}. */
    APIGatewayV2HTTPResponse invoke(String sample, APIGatewayV2HTTPEvent event) {
        ApiFunction function = byModule.get(sample.substring(0, sample.indexOf('/')));
        if (function == null) {
            throw new IllegalArgumentException("no HTTP function for the sample " + sample);
        }
        return function.respond(event, new TestContext());
    }
}
