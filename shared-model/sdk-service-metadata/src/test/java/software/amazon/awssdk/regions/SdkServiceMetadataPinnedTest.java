package software.amazon.awssdk.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pins the SDK internals this module's replacement relies on; the answers themselves are
 * {@link GeneratedServiceMetadataProviderTest}'s. The replacement works only while the SDK builds its provider
 * as {@code new GeneratedServiceMetadataProvider()} in {@code MetadataLoader} and the provider's interface is
 * one method: should the SDK rename the class (the shade filter's exclude would then drop nothing and ours
 * would never be called) or widen the interface, these fail and name what moved.
 *
 * <p>To drop it: when the SDK stops building every service's metadata at once (or offers a way to choose the
 * provider), delete sdk-service-metadata, the regions filter of functions/pom.xml, and this test with it.
 */
class SdkServiceMetadataPinnedTest {
    private static final String PROVIDER = "software.amazon.awssdk.regions.GeneratedServiceMetadataProvider";
    private static final String LOADER = "software.amazon.awssdk.regions.internal.MetadataLoader";

    @Test
    void theRegionsJarStillHasTheProviderWeReplaceAtItsName() throws Exception {
        assertNotNull(SdkRegionsJar.classFile(PROVIDER),
                "the SDK's regions jar has no " + PROVIDER + " any more: the replacement is dead code");
    }

    @Test
    void theSdkStillBuildsItsServiceMetadataProviderByThatName() throws Exception {
        byte[] loader = SdkRegionsJar.classFile(LOADER);
        assertNotNull(loader, "the SDK's regions jar has no " + LOADER + " any more: find where it builds "
                + PROVIDER + " now");
        assertTrue(new String(loader, StandardCharsets.ISO_8859_1).contains(PROVIDER.replace('.', '/')),
                LOADER + " no longer refers to " + PROVIDER + ": the SDK builds another provider");
    }

    @Test
    void theSdksProviderIsStillAPublicFinalServiceMetadataProviderBuiltWithoutArguments() throws Exception {
        Class<?> sdk = SdkRegionsJar.define(PROVIDER);
        assertTrue(Modifier.isPublic(sdk.getModifiers()) && Modifier.isFinal(sdk.getModifiers()),
                PROVIDER + " is no longer public final");
        assertEquals(List.of(ServiceMetadataProvider.class), List.of(sdk.getInterfaces()),
                PROVIDER + " implements other interfaces now; ours implements ServiceMetadataProvider only");
        assertTrue(Modifier.isPublic(sdk.getConstructor().getModifiers()),
                PROVIDER + " is no longer built with a public no-argument constructor");
    }

    @Test
    void theProviderInterfaceIsStillOneMethodFromEndpointPrefixToMetadata() {
        List<String> methods = Arrays.stream(ServiceMetadataProvider.class.getDeclaredMethods())
                .filter(method -> !method.isSynthetic())
                .map(SdkServiceMetadataPinnedTest::signature).sorted().toList();
        assertEquals(List.of("ServiceMetadata serviceMetadata(String)"), methods,
                "ServiceMetadataProvider changed: the replacement may miss a method the SDK calls");
    }

    private static String signature(Method method) {
        return method.getReturnType().getSimpleName() + " " + method.getName() + "("
                + String.join(", ", Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName).toList()) + ")";
    }
}
