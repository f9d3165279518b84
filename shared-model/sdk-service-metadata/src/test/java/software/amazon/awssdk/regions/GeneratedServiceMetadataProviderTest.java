package software.amazon.awssdk.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.regions.servicemetadata.StsServiceMetadata;

class GeneratedServiceMetadataProviderTest {
    private final ServiceMetadataProvider provider = new GeneratedServiceMetadataProvider();

    @Test
    void replacesTheSdksProviderOnThisClassPath() {
        assertSame(provider.serviceMetadata("dynamodb"), ServiceMetadata.of("dynamodb"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dynamodb", "events", "secretsmanager"})
    void answersTheSdksOwnMetadataForTheServicesTheFunctionsCall(String endpointPrefix) throws Exception {
        assertEquals(sdkProviderAnswer(endpointPrefix).getClass().getName(),
                provider.serviceMetadata(endpointPrefix).getClass().getName());
    }

    @Test
    void answersAnyOtherServiceWithTheSdksDefaultMetadata() throws Exception {
        assertNull(provider.serviceMetadata("sts"));
        assertInstanceOf(StsServiceMetadata.class, sdkProviderAnswer("sts"));
        ServiceMetadata sts = assertInstanceOf(DefaultServiceMetadata.class, ServiceMetadata.of("sts"));
        assertEquals("sts.eu-west-1.amazonaws.com", sts.endpointFor(Region.EU_WEST_1).toString());
    }

    @Test
    void keepsTheSigningRegionsOfTheSdksMetadata() {
        ServiceMetadata dynamodb = ServiceMetadata.of("dynamodb");
        assertEquals(Region.US_EAST_1, dynamodb.signingRegion(Region.of("us-east-1-fips")));
        assertEquals("dynamodb.cn-north-1.amazonaws.com.cn", dynamodb.endpointFor(Region.CN_NORTH_1).toString());
    }

    /** What the SDK's generated provider, read from the regions jar and defined apart from this module's, answers. */
    private static ServiceMetadata sdkProviderAnswer(String endpointPrefix) throws Exception {
        ServiceMetadataProvider sdkProvider = (ServiceMetadataProvider) SdkRegionsJar
                .define(GeneratedServiceMetadataProvider.class.getName()).getConstructor().newInstance();
        return sdkProvider.serviceMetadata(endpointPrefix);
    }
}
