package dev.orders.http.view;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.order.Disclosure;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.product.StockOutcome;
import dev.orders.core.validation.FieldError;
import dev.orders.http.api.Http;
import dev.orders.http.api.Problem;
import dev.orders.http.request.ExpectedVersion;
import dev.orders.routes.PathTemplate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer to every outcome of a change, one method per outcome type. Each maps every case of its
 * sealed type and fails on one it does not know, never falling back to another answer; a test
 * feeds each method every permitted case, so a new outcome without an answer fails the build. A change
 * refused for a stale version is answered by how its request named the version ({@link ExpectedVersion}).
 */
public final class OutcomeResponses {
    private static final Logger LOG = LoggerFactory.getLogger(OutcomeResponses.class);

    private OutcomeResponses() {
    }

    /** {@code role}: the caller's, for an order a replay reads back as it is now. */
    public static APIGatewayV2HTTPResponse orderCreation(OrderCreationOutcome result, Role role) {
        return answered(result, orderCreationAnswer(result, role));
    }

    private static APIGatewayV2HTTPResponse orderCreationAnswer(OrderCreationOutcome result, Role role) {
        if (result instanceof OrderCreationOutcome.Created created) {
            Order order = created.aggregate().order();
            Map<String, String> headers = new HashMap<>();
            headers.put("location", "/customers/" + PathTemplate.encodeSegment(order.customerId())
                    + "/orders/" + order.orderId());
            headers.putAll(Http.etagHeader(order.version()));
            if (created.replayed()) {
                headers.put("idempotent-replayed", "true");
            }
            return Http.json(201, Views.aggregate(created.aggregate(), role), headers);
        }
        if (result instanceof OrderCreationOutcome.KeyReused) {
            return Http.problem(RefusalProblems.keyReused());
        }
        if (result instanceof OrderCreationOutcome.NotOrderable notOrderable) {
            return Http.problem(RefusalProblems.pricingRefusal(notOrderable.refusal()));
        }
        if (result instanceof OrderCreationOutcome.OutOfStock outOfStock) {
            return Http.problem(RefusalProblems.outOfStock(outOfStock.shortages()));
        }
        throw unknown(result);
    }

    public static APIGatewayV2HTTPResponse statusChange(StatusChangeOutcome outcome, ExpectedVersion expected) {
        return answered(outcome, statusChangeAnswer(outcome, expected));
    }

    private static APIGatewayV2HTTPResponse statusChangeAnswer(StatusChangeOutcome outcome, ExpectedVersion expected) {
        if (outcome instanceof StatusChangeOutcome.Changed changed) {
            Order order = changed.order();
            return Http.json(200, Views.order(order), Http.etagHeader(order.version()));
        }
        if (outcome instanceof StatusChangeOutcome.Forbidden forbidden) {
            return Http.problem(RefusalProblems.forbiddenTransition(forbidden.role(), "an order", forbidden.target()));
        }
        if (outcome instanceof StatusChangeOutcome.FollowsLines follows) {
            return Http.problem(Problem.of(409, "status-follows-lines", "Status follows the lines",
                    "An order becomes " + follows.target() + " by its lines' statuses, never by hand: "
                            + "ship or cancel its lines.")
                    .with("target", follows.target().name()));
        }
        if (outcome instanceof StatusChangeOutcome.StaleVersion stale) {
            return staleVersion(stale.currentVersion(), expected);
        }
        if (outcome instanceof StatusChangeOutcome.IllegalTransition illegal) {
            return Http.problem(Problem.of(409, "illegal-transition", "Transition not allowed",
                    "An order in " + illegal.from() + " cannot move to " + illegal.to() + ".")
                    .with("currentStatus", illegal.from().name())
                    .with("allowed", illegal.allowed().stream().map(Enum::name).sorted().toList()));
        }
        if (outcome instanceof StatusChangeOutcome.ReasonRequired required) {
            return Http.problem(Problem.validation(List.of(new FieldError("reason",
                    "is required when an administrator moves an order to " + required.target()))));
        }
        if (outcome instanceof StatusChangeOutcome.EmptyOrder) {
            return Http.problem(Problem.of(409, "empty-order", "Order without lines",
                    "An order without lines is neither checked out nor paid: add a line first."));
        }
        if (outcome instanceof StatusChangeOutcome.OrderNotFound) {
            return Http.problem(Problem.notFound("The order"));
        }
        throw unknown(outcome);
    }

    public static APIGatewayV2HTTPResponse lineChange(LineChangeOutcome outcome, ExpectedVersion expected) {
        return answered(outcome, lineChangeAnswer(outcome, expected));
    }

    private static APIGatewayV2HTTPResponse lineChangeAnswer(LineChangeOutcome outcome, ExpectedVersion expected) {
        if (outcome instanceof LineChangeOutcome.Added added) {
            return added(added.item(), Http.etagHeader(added.orderVersion()));
        }
        if (outcome instanceof LineChangeOutcome.Replayed replayed) {
            return added(replayed.item(), Map.of("idempotent-replayed", "true"));
        }
        if (outcome instanceof LineChangeOutcome.KeyReused) {
            return Http.problem(RefusalProblems.keyReused());
        }
        if (outcome instanceof LineChangeOutcome.Removed removed) {
            return Http.noContent(Http.etagHeader(removed.orderVersion()));
        }
        if (outcome instanceof LineChangeOutcome.StatusChanged changed) {
            return Http.json(200, Views.line(changed.item()), Http.etagHeader(changed.orderVersion()));
        }
        if (outcome instanceof LineChangeOutcome.StaleVersion stale) {
            return staleVersion(stale.currentVersion(), expected);
        }
        return Http.problem(RefusalProblems.lineRefusal(outcome));
    }

    /** Answered to administrators only: the only role that may resolve. */
    public static APIGatewayV2HTTPResponse paymentIssueResolution(PaymentIssueResolutionOutcome outcome) {
        return answered(outcome, paymentIssueResolutionAnswer(outcome));
    }

    private static APIGatewayV2HTTPResponse paymentIssueResolutionAnswer(PaymentIssueResolutionOutcome outcome) {
        Disclosure toStaff = Disclosure.to(Role.ADMINISTRATOR);
        if (outcome instanceof PaymentIssueResolutionOutcome.Resolved resolved) {
            // An issue of an order id that names no order has no version to tag.
            return Http.json(200, Views.paymentIssue(resolved.issue(), toStaff),
                    resolved.event().map(event -> Http.etagHeader(event.version())).orElse(Map.of()));
        }
        if (outcome instanceof PaymentIssueResolutionOutcome.AlreadyResolved already) {
            return Http.problem(Problem.of(409, "already-resolved", "Already resolved",
                    "This payment issue was resolved before; nothing was written.")
                    .with("resolution", Views.paymentIssue(already.issue(), toStaff).get("resolution")));
        }
        if (outcome instanceof PaymentIssueResolutionOutcome.Forbidden forbidden) {
            return Http.problem(Problem.of(403, "forbidden", "Forbidden",
                    "The role " + forbidden.role() + " may not resolve payment issues.")
                    .with("role", forbidden.role().name()));
        }
        if (outcome instanceof PaymentIssueResolutionOutcome.NotFound) {
            return Http.problem(Problem.notFound("The payment issue"));
        }
        throw unknown(outcome);
    }

    /** Answered to administrators only: the only role that sets stock. Its ETag is the stock's version. */
    public static APIGatewayV2HTTPResponse stockSetting(StockOutcome outcome) {
        return answered(outcome, stockSettingAnswer(outcome));
    }

    private static APIGatewayV2HTTPResponse stockSettingAnswer(StockOutcome outcome) {
        if (outcome instanceof StockOutcome.Set set) {
            return Http.json(200, Views.stock(set.sku(), set.stock()), Http.etagHeader(set.stock().version()));
        }
        if (outcome instanceof StockOutcome.ProductNotFound) {
            return Http.problem(Problem.notFound("The product"));
        }
        if (outcome instanceof StockOutcome.StaleVersion stale) {
            // If-Match is the only way to name the stock's version: a failed precondition. A product without
            // stock has no version to tag.
            Problem problem = Problem.of(412, "stale-version", "Stale version",
                    "The stock has changed since the version you sent; read it again.");
            return stale.currentVersion().map(version -> Http.problem(problem.with("currentVersion", version),
                    Http.etagHeader(version))).orElseGet(() -> Http.problem(problem));
        }
        if (outcome instanceof StockOutcome.BelowReserved below) {
            // Says what holds the units and what frees them, so an operator knows where to look.
            return Http.problem(Problem.of(409, "stock-below-reserved", "Fewer on hand than reserved",
                    below.reserved() + (below.reserved() == 1 ? " unit is" : " units are") + " reserved by order lines not yet shipped, of orders neither cancelled,"
                            + " expired nor refunded; they are freed when those lines are cancelled or ship, or their orders"
                            + " close. Count at least that many on hand; nothing was written.")
                    .with("reserved", below.reserved()));
        }
        throw unknown(outcome);
    }

    public static APIGatewayV2HTTPResponse customerCreation(CustomerCreation creation) {
        return answered(creation, customerCreationAnswer(creation));
    }

    private static APIGatewayV2HTTPResponse customerCreationAnswer(CustomerCreation creation) {
        if (creation instanceof CustomerCreation.Created created) {
            return Http.json(201, Views.customer(created.customer()));
        }
        if (creation instanceof CustomerCreation.AlreadyExists) {
            return Http.problem(Problem.of(412, "already-exists", "Customer already exists",
                    "A profile with this id exists; it was left unchanged."));
        }
        throw unknown(creation);
    }

    /**
     * At DEBUG, what the core decided and the status that answers it: the outcome by its name, and a refusal's
     * reason as its problem says it to the client. Not the outcome's record: it may hold the customer's data.
     */
    private static APIGatewayV2HTTPResponse answered(Object outcome, APIGatewayV2HTTPResponse response) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} answered {}{}", outcome.getClass().getSimpleName(), response.getStatusCode(),
                    response.getStatusCode() >= 400 ? " " + response.getBody() : "");
        }
        return response;
    }

    private static APIGatewayV2HTTPResponse added(OrderLine item, Map<String, String> headers) {
        Map<String, String> all = new HashMap<>(headers);
        all.put("location", "/customers/" + PathTemplate.encodeSegment(item.customerId()) + "/orders/"
                + item.orderId() + "/items/" + item.itemId());
        return Http.json(201, Views.line(item), all);
    }

    /**
     * The client named a version of the order that is not the current one: as If-Match, a precondition that
     * failed (412, with the order's current ETag); as the body's expectedVersion alone, a conflict (409).
     */
    private static APIGatewayV2HTTPResponse staleVersion(long currentVersion, ExpectedVersion expected) {
        Problem stale = Problem.of(expected.ifMatch() ? 412 : 409, "stale-version", "Stale version",
                expected.namesNoVersion()
                        ? "If-Match compares entity tags strongly (RFC 9110), so a weak tag such as W/\"" + currentVersion
                                + "\" never matches; send the ETag as it was answered, such as \"" + currentVersion + "\"."
                        : "The order has changed since the version you sent; read it again.")
                .with("currentVersion", currentVersion);
        return expected.ifMatch() ? Http.problem(stale, Http.etagHeader(currentVersion)) : Http.problem(stale);
    }

    static IllegalStateException unknown(Object outcome) {
        return new IllegalStateException("no answer for the outcome " + outcome.getClass().getName());
    }
}
