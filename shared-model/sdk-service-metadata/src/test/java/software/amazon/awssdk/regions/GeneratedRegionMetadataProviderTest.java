package software.amazon.awssdk.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class GeneratedRegionMetadataProviderTest {
    private final RegionMetadataProvider provider = new GeneratedRegionMetadataProvider();

    @Test
    void replacesTheSdksProviderOnThisClassPath() {
        assertSame(provider.regionMetadata(Region.EU_WEST_1), RegionMetadata.of(Region.EU_WEST_1));
        assertSame(provider.regionMetadata(Region.EU_WEST_1), Region.EU_WEST_1.metadata());
    }

    static Stream<Region> everyRegionTheSdkNames() {
        return Region.regions().stream();
    }

    @ParameterizedTest
    @MethodSource("everyRegionTheSdkNames")
    void answersEveryRegionTheSdkNamesAsTheSdksOwnProviderDoes(Region region) throws Exception {
        RegionMetadata sdk = sdkProviderAnswer(region);
        assertNotNull(sdk, "the SDK's provider knows " + region);
        assertEquals(answer(sdk), answer(provider.regionMetadata(region)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"xx-unknown-1", "US-EAST-1", "us-East-1", "useast1", "us-east-1-fips", "local"})
    void answersNothingForARegionTheSdkDoesNotKnow(String id) throws Exception {
        Region region = Region.of(id);
        assertNull(sdkProviderAnswer(region));
        assertNull(provider.regionMetadata(region));
    }

    /** Everything a {@link RegionMetadata} answers, and the class that answers it. */
    private static List<String> answer(RegionMetadata metadata) {
        return List.of(metadata.getClass().getName(), metadata.id(), metadata.domain(), metadata.description(),
                metadata.partition().id(), metadata.partition().name(), metadata.partition().dnsSuffix(),
                metadata.partition().hostname(), metadata.partition().regionRegex());
    }

    /** What the SDK's generated provider, read from the regions jar and defined apart from this module's, answers. */
    private static RegionMetadata sdkProviderAnswer(Region region) throws Exception {
        RegionMetadataProvider sdkProvider = (RegionMetadataProvider) SdkRegionsJar
                .define(GeneratedRegionMetadataProvider.class.getName()).getConstructor().newInstance();
        return sdkProvider.regionMetadata(region);
    }
}
