package software.amazon.awssdk.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the SDK internals this module's replacements rely on; the answers themselves are
 * {@link GeneratedServiceMetadataProviderTest}'s and {@link GeneratedRegionMetadataProviderTest}'s. A replacement
 * works only while the SDK builds its provider as {@code new Generated...MetadataProvider()} in
 * {@code MetadataLoader} and the provider's interface is one method: should the SDK rename the class (the shade
 * filter's exclude would then drop nothing and ours would never be called) or widen the interface, these fail
 * and name what moved.
 *
 * <p>To drop one: when the SDK stops building every service's (or region's) metadata at once (or offers a way to
 * choose the provider), delete the replacement, its exclude in the regions filter of functions/pom.xml, and its
 * cases here.
 */
class SdkServiceMetadataPinnedTest {
    private static final String LOADER = "software.amazon.awssdk.regions.internal.MetadataLoader";

    static Stream<Arguments> replacements() {
        return Stream.of(
                Arguments.of(GeneratedServiceMetadataProvider.class, ServiceMetadataProvider.class,
                        "ServiceMetadata serviceMetadata(String)"),
                Arguments.of(GeneratedRegionMetadataProvider.class, RegionMetadataProvider.class,
                        "RegionMetadata regionMetadata(Region)"));
    }

    @ParameterizedTest
    @MethodSource("replacements")
    void theRegionsJarStillHasTheProviderWeReplaceAtItsName(Class<?> replacement) throws Exception {
        assertNotNull(SdkRegionsJar.classFile(replacement.getName()),
                "the SDK's regions jar has no " + replacement.getName() + " any more: the replacement is dead code");
    }

    @ParameterizedTest
    @MethodSource("replacements")
    void theSdkStillBuildsItsProviderByThatName(Class<?> replacement) throws Exception {
        byte[] loader = SdkRegionsJar.classFile(LOADER);
        assertNotNull(loader, "the SDK's regions jar has no " + LOADER + " any more: find where it builds "
                + replacement.getName() + " now");
        assertTrue(new String(loader, StandardCharsets.ISO_8859_1).contains(replacement.getName().replace('.', '/')),
                LOADER + " no longer refers to " + replacement.getName() + ": the SDK builds another provider");
    }

    @ParameterizedTest
    @MethodSource("replacements")
    void theSdksProviderIsStillAPublicFinalProviderBuiltWithoutArguments(Class<?> replacement, Class<?> providerInterface)
            throws Exception {
        Class<?> sdk = SdkRegionsJar.define(replacement.getName());
        assertTrue(Modifier.isPublic(sdk.getModifiers()) && Modifier.isFinal(sdk.getModifiers()),
                replacement.getName() + " is no longer public final");
        assertEquals(List.of(providerInterface), List.of(sdk.getInterfaces()),
                replacement.getName() + " implements other interfaces now; ours implements "
                        + providerInterface.getSimpleName() + " only");
        assertTrue(Modifier.isPublic(sdk.getConstructor().getModifiers()),
                replacement.getName() + " is no longer built with a public no-argument constructor");
    }

    @ParameterizedTest
    @MethodSource("replacements")
    void theProviderInterfaceIsStillOneMethod(Class<?> replacement, Class<?> providerInterface, String method) {
        List<String> methods = Arrays.stream(providerInterface.getDeclaredMethods())
                .filter(declared -> !declared.isSynthetic())
                .map(SdkServiceMetadataPinnedTest::signature).sorted().toList();
        assertEquals(List.of(method), methods,
                providerInterface.getSimpleName() + " changed: the replacement may miss a method the SDK calls");
    }

    private static String signature(Method method) {
        return method.getReturnType().getSimpleName() + " " + method.getName() + "("
                + String.join(", ", Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName).toList()) + ")";
    }
}
