package dev.orders.functions.productcatalog;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.product.PutProduct;
import dev.orders.application.product.ReadProduct;
import dev.orders.application.product.SetStock;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import dev.orders.core.product.Sku;
import dev.orders.core.product.StockSetting;
import dev.orders.http.api.Access;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.Http;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.api.Problem;
import dev.orders.http.api.Route;
import dev.orders.http.api.Router;
import dev.orders.http.request.ExpectedVersion;
import dev.orders.http.request.JsonBody;
import dev.orders.http.view.OutcomeResponses;
import dev.orders.http.view.Views;
import dev.orders.wiring.Services;
import java.util.List;
import java.util.Optional;

/**
 * The product catalogue orders take their prices from: administrators put products and set and read their
 * stock, any caller reads them (with the units available, where stock is tracked). Changing a product never changes an order
 * already placed; its lines keep what they took.
 */
public final class ProductCatalogFunction extends ApiFunction {

    public ProductCatalogFunction() {
        this(Services.fromEnvironment());
    }

    public ProductCatalogFunction(Services services) {
        this(new PutProduct(services.products()), new ReadProduct(services.products()), new SetStock(services.products()),
                services.storeFaults());
    }

    private ProductCatalogFunction(PutProduct putProduct, ReadProduct readProduct, SetStock setStock,
                                   StoreFaults faults) {
        super(new Router(List.of(
                new Route("PUT", "/products/{sku}", Access.administrator(), request -> put(putProduct, request)),
                new Route("GET", "/products/{sku}", Access.authenticated(), request -> get(readProduct, request)),
                new Route("PUT", "/products/{sku}/stock", Access.administrator(), request -> setStock(setStock, request)),
                new Route("GET", "/products/{sku}/stock", Access.administrator(), request -> getStock(readProduct, request)))),
                faults);
    }

    /** {@code {name, unitPrice, currency, active?}}; a product is for sale unless it says otherwise. */
    private static APIGatewayV2HTTPResponse put(PutProduct putProduct, HttpRequest request) {
        String sku = Sku.of("sku", request.pathParameter("sku"));
        JsonBody body = JsonBody.parse(request.body());
        ProductDetails details = new ProductDetails(sku, body.requiredString("name"), body.requiredLong("unitPrice"),
                body.requiredString("currency"), body.optionalBoolean("active").orElse(true));
        ProductUpsert upsert = putProduct.put(details);
        // The catalogue's fields as written; the stock is set, and answered, at /stock.
        return Http.json(upsert.created() ? 201 : 200, Views.product(upsert.product()));
    }

    /** {@code {onHand}}, If-Match the stock's ETag if given: starts tracking the product's stock, or recounts it. */
    private static APIGatewayV2HTTPResponse setStock(SetStock setStock, HttpRequest request) {
        String sku = Sku.of("sku", request.pathParameter("sku"));
        JsonBody body = JsonBody.parse(request.body());
        return OutcomeResponses.stockSetting(setStock.set(new StockSetting(sku, body.requiredLong("onHand"),
                ExpectedVersion.of(request).version())));
    }

    /** What is on hand, reserved and available, with the stock's version as ETag; 404 for a product without stock. */
    private static APIGatewayV2HTTPResponse getStock(ReadProduct readProduct, HttpRequest request) {
        String sku = Sku.of("sku", request.pathParameter("sku"));
        Optional<Product> product = readProduct.read(sku);
        if (product.isEmpty()) {
            return Http.problem(Problem.notFound("The product"));
        }
        return product.get().stock()
                .map(stock -> Http.json(200, Views.stock(sku, stock), Http.etagHeader(stock.version())))
                .orElseGet(() -> Http.problem(Problem.notFound("The product's stock (it is not tracked)")));
    }

    private static APIGatewayV2HTTPResponse get(ReadProduct readProduct, HttpRequest request) {
        return readProduct.read(Sku.of("sku", request.pathParameter("sku")))
                .map(product -> Http.json(200, Views.product(product)))
                .orElseGet(() -> Http.problem(Problem.notFound("The product")));
    }
}
