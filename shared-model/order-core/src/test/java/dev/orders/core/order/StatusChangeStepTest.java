package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a status change writes: a move of money when an administrator pays or refunds by hand, else a plain move. */
class StatusChangeStepTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    private static Order order(OrderStatus status, long captured, long refunded) {
        return new Order("o-1", "c-1", status, 5, 3399, "EUR", captured, refunded, LineStatuses.pending(2), Instant.EPOCH,
                Instant.EPOCH);
    }

    private static OrderStep step(StatusChangeRequest request, Order current, Instant at) {
        return ((Decision.Write<StatusChangeOutcome>) request.decide(current, at)).step();
    }

    private static OrderChange only(OrderStep step) {
        assertEquals(1, step.changes().size());
        return step.changes().get(0);
    }

    private static StatusChangeRequest byAdministrator(OrderStatus target) {
        return new StatusChangeRequest(Optional.empty(), "o-1", target, Role.ADMINISTRATOR, Optional.empty(), "admin:ann",
                Optional.of("bank transfer, ref 8841"));
    }

    @Test
    void anAdministratorsPaymentCapturesTheWholeTotal() {
        OrderStep step = step(byAdministrator(OrderStatus.PAID), order(OrderStatus.AWAITING_PAYMENT, 0, 0), NOW);

        assertEquals(new OrderChange.PaymentCaptured(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, 3399, "EUR",
                Optional.empty(), Optional.empty(), Optional.of("bank transfer, ref 8841")), only(step));
        assertEquals(3399, step.after().capturedAmount());
        assertEquals(6, step.after().version());
        assertEquals(NOW, step.after().updatedAt());
    }

    @Test
    void anAdministratorsRefundRefundsWhatIsLeft() {
        OrderStep step = step(byAdministrator(OrderStatus.REFUNDED), order(OrderStatus.FULFILLED, 3399, 1000), NOW);

        assertEquals(new OrderChange.RefundRecorded(OrderStatus.FULFILLED, OrderStatus.REFUNDED, 2399, "EUR", 3399,
                Optional.empty(), Optional.empty(), Optional.of("bank transfer, ref 8841")), only(step));
        assertEquals(3399, step.after().refundedAmount());
        assertEquals(OrderStatus.REFUNDED, step.after().status());
    }

    @Test
    void anyOtherMoveLeavesTheMoneyAsItIs() {
        OrderStep step = step(byAdministrator(OrderStatus.IN_FULFILLMENT), order(OrderStatus.PAID, 3399, 0), NOW);

        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.PAID, OrderStatus.IN_FULFILLMENT,
                Optional.of("bank transfer, ref 8841"), Optional.empty()), only(step));
        assertEquals(3399, step.after().capturedAmount());
        assertEquals(0, step.after().refundedAmount());
    }

    @Test
    void aResolutionIsOneVersionThatChangesNothingButTheIssue() {
        Order read = order(OrderStatus.PAID, 3399, 0);
        PaymentIssue open = PaymentIssue.open("o-1", Optional.of("c-1"), "evt_2", PaymentIssueKind.DUPLICATE_CAPTURE,
                PaymentIssue.Direction.CAPTURE, "pay_2", 3399, "EUR", NOW);
        PaymentIssueResolution resolution = new PaymentIssueResolution("o-1", "evt_2", Role.ADMINISTRATOR, "admin:ann",
                " refunded in the dashboard ");

        OrderStep step = ((Decision.Write<PaymentIssueResolutionOutcome>) resolution.decide(Optional.of(read),
                Optional.of(open), NOW)).step();

        assertEquals(read.next(OrderStatus.PAID, 3399, 0, NOW), step.after());
        assertEquals(new OrderChange.PaymentIssueResolved("evt_2", PaymentIssueKind.DUPLICATE_CAPTURE,
                "refunded in the dashboard"), only(step));
        assertEquals(Optional.of(new PaymentIssueResolutionOutcome.Forbidden(Role.CUSTOMER)), new PaymentIssueResolution(
                "o-1", "evt_2", Role.CUSTOMER, "customer:c-1", "mine").refusalBeforeRead());
        assertThrows(ValidationException.class, () -> new PaymentIssueResolution("o-1", "evt_2", Role.ADMINISTRATOR,
                "admin:ann", "x".repeat(PaymentIssue.MAX_NOTE_LENGTH + 1)));
        assertThrows(ValidationException.class, () -> new PaymentIssueResolution("o-1", "evt#2", Role.ADMINISTRATOR,
                "admin:ann", "note"));
    }

    @Test
    void theIssueOfAnOrderIdThatNamesNoOrderIsResolvedAloneAndASettledIssueIsNotResolvedAgain() {
        PaymentIssue unknown = PaymentIssue.open("o-1", Optional.empty(), "evt_2", PaymentIssueKind.UNKNOWN_ORDER,
                PaymentIssue.Direction.CAPTURE, "pay_2", 3399, "EUR", NOW);
        PaymentIssueResolution resolution = new PaymentIssueResolution("o-1", "evt_2", Role.ADMINISTRATOR, "admin:ann",
                "refunded in the dashboard");

        Decision.WriteWithoutOrder<PaymentIssueResolutionOutcome> alone =
                (Decision.WriteWithoutOrder<PaymentIssueResolutionOutcome>) resolution.decide(Optional.empty(),
                        Optional.of(unknown), NOW);

        PaymentIssue resolved = unknown.resolved(new PaymentIssue.Resolution(NOW, "admin:ann", "refunded in the dashboard"));
        assertEquals(new UnknownOrderRows("o-1", List.of(new RowChange.IssueResolved(resolved))), alone.rows());
        assertEquals(new PaymentIssueResolutionOutcome.Resolved(resolved, Optional.empty()), alone.outcome());
        assertEquals(new Decision.Refused<>(new PaymentIssueResolutionOutcome.AlreadyResolved(unknown.refunded(new RefundTally(3399, 3399)))),
                resolution.decide(Optional.empty(), Optional.of(unknown.refunded(new RefundTally(3399, 3399))), NOW));
        assertEquals(new Decision.Refused<>(new PaymentIssueResolutionOutcome.NotFound()),
                resolution.decide(Optional.of(order(OrderStatus.PAID, 3399, 0)), Optional.empty(), NOW));
    }

    @Test
    void everySubjectACallerMayHaveIsRecordedAsTheActorOfAChangeOrAResolution() {
        String longest = Actors.user("s".repeat(Actors.MAX_SUBJECT_LENGTH));

        assertEquals(longest, new StatusChangeRequest(Optional.empty(), "o-1", OrderStatus.PAID, Role.ADMINISTRATOR,
                Optional.empty(), longest, Optional.of("cash")).actor());
        assertEquals(longest, new PaymentIssueResolution("o-1", "evt_2", Role.ADMINISTRATOR, longest, "note").actor());
        assertThrows(ValidationException.class, () -> new PaymentIssueResolution("o-1", "evt_2", Role.ADMINISTRATOR,
                longest + "s", "note"));
    }
}
