package dev.orders.core.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class GeneratedSectionsTest {
    @Test
    void anInlineSectionListsTheEnumsValuesInItsSentence() {
        String stale = "| `to` (<!-- generated from ItemStatus values: do not edit -->`PENDING`, `SHIPPED`<!-- end generated -->) |";

        assertEquals("| `to` (<!-- generated from ItemStatus values: do not edit -->" + Arrays.stream(LineStatus.values())
                .map(status -> "`" + status.name() + "`").collect(Collectors.joining(", ")) + "<!-- end generated -->) |",
                GeneratedSections.rewrite(stale, "EVENTS.md"));
    }

    @Test
    void aBlockSectionHoldsItsTextBetweenBlankLinesAndTheRestOfTheDocumentStaysAsItIs() {
        String stale = "Before.\n\n<!-- generated from LineStatus.next: do not edit -->\nLines: `PENDING → PICKED`.\n"
                + "<!-- end generated -->\n\nAfter.\n";

        assertEquals("Before.\n\n<!-- generated from LineStatus.next: do not edit -->\n\n" + LifecycleTables.lineMoves()
                + "\n\n<!-- end generated -->\n\nAfter.\n", GeneratedSections.rewrite(stale, "DATA-MODEL.md"));
    }

    @Test
    void aRolesMovesAreTheStatusesTheLifecyclesMovesByThatRoleReach() {
        String stale = "| customer | <!-- generated from Role.CUSTOMER moves: do not edit -->`PAID`<!-- end generated --> |";
        String reached = Arrays.stream(OrderStatus.values()).filter(status -> Arrays.stream(OrderStatus.Move.values())
                        .anyMatch(move -> move.targets().contains(status) && move.by().roles().contains(Role.CUSTOMER)))
                .map(status -> "`" + status.name() + "`").collect(Collectors.joining(", "));

        assertEquals("| customer | <!-- generated from Role.CUSTOMER moves: do not edit -->" + reached
                + "<!-- end generated --> |", GeneratedSections.rewrite(stale, "DATA-MODEL.md"));
        assertEquals("`AWAITING_PAYMENT`, `CANCELLED`", reached, "a customer checks out and cancels");
    }

    @Test
    void aSectionOfASourceThatIsNoneIsRefused() {
        String document = "<!-- generated from OrderState values: do not edit -->`CREATED`<!-- end generated -->";

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> GeneratedSections.rewrite(document, "docs/EVENTS.md"));
        assertEquals("docs/EVENTS.md: no enum of the core is published as OrderState", refused.getMessage());
    }

    @Test
    void aSectionWithoutItsEndIsRefused() {
        String document = "<!-- generated from OrderStatus: do not edit -->\n\n| status |\n\n"
                + "<!-- generated from ItemStatus values: do not edit -->`PENDING`<!-- end generated -->";

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> GeneratedSections.rewrite(document, "docs/DATA-MODEL.md"));
        assertEquals("docs/DATA-MODEL.md: the section generated from OrderStatus has no <!-- end generated -->",
                refused.getMessage());
    }
}
