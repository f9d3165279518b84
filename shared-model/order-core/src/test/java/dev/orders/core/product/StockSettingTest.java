package dev.orders.core.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StockSettingTest {
    private static final Product UNTRACKED = new Product("MUG", "Mug", 1250, "EUR", true, Instant.EPOCH, Instant.EPOCH);

    private static Product stocked(long onHand, long reserved, long version) {
        return new Product("MUG", "Mug", 1250, "EUR", true, Instant.EPOCH, Instant.EPOCH,
                Optional.of(new Stock(onHand, reserved, version)));
    }

    @Test
    void settingStockOnAnUntrackedProductStartsTrackingItAtVersionOneWithNothingReserved() {
        StockSetting.Decision decision = new StockSetting("MUG", 5, Optional.empty()).decide(Optional.of(UNTRACKED));

        assertEquals(new StockSetting.Decision.Write(Optional.empty(), new Stock(5, 0, 1),
                new StockOutcome.Set("MUG", new Stock(5, 0, 1))), decision);
        assertEquals(5, new Stock(5, 0, 1).available());
    }

    @Test
    void aRecountKeepsWhatOrdersReservedAndMovesTheVersion() {
        StockSetting.Decision decision = new StockSetting("MUG", 10, Optional.of(4L)).decide(Optional.of(stocked(6, 2, 4)));

        StockSetting.Decision.Write write = (StockSetting.Decision.Write) decision;
        assertEquals(new Stock(10, 2, 5), write.after());
        assertEquals(8, write.after().available());
        assertEquals(Optional.of(new Stock(6, 2, 4)), write.before());
    }

    @Test
    void fewerOnHandThanReservedIsRefusedNamingWhatIsReserved() {
        assertEquals(new StockSetting.Decision.Refused(new StockOutcome.BelowReserved(3)),
                new StockSetting("MUG", 2, Optional.empty()).decide(Optional.of(stocked(5, 3, 7))));
    }

    @Test
    void aStaleExpectedVersionIsRefusedWithTheCurrentOneAndNoneWhereTheProductHasNoStock() {
        assertEquals(new StockSetting.Decision.Refused(new StockOutcome.StaleVersion(Optional.of(7L))),
                new StockSetting("MUG", 9, Optional.of(6L)).decide(Optional.of(stocked(5, 3, 7))));
        assertEquals(new StockSetting.Decision.Refused(new StockOutcome.StaleVersion(Optional.empty())),
                new StockSetting("MUG", 9, Optional.of(1L)).decide(Optional.of(UNTRACKED)));
    }

    @Test
    void aMissingProductIsNotFoundAndACountOutOfBoundsIsInvalid() {
        assertEquals(new StockSetting.Decision.Refused(new StockOutcome.ProductNotFound()),
                new StockSetting("MUG", 1, Optional.empty()).decide(Optional.empty()));
        assertThrows(ValidationException.class, () -> new StockSetting("MUG", -1, Optional.empty()));
        assertThrows(ValidationException.class, () -> new StockSetting("MUG", Stock.MAX_UNITS + 1, Optional.empty()));
        assertThrows(ValidationException.class, () -> new StockSetting("MUG#1", 1, Optional.empty()));
    }
}
