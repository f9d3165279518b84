package software.amazon.awssdk.regions;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;

/** The SDK's own classes, read from the regions jar (this module's replacement shadows them on the class path). */
final class SdkRegionsJar {
    private SdkRegionsJar() {
    }

    /** The class file {@code binaryName} of the regions jar; null when the jar has none. */
    static byte[] classFile(String binaryName) throws IOException {
        URL regionsJar = ServiceMetadata.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader jar = new URLClassLoader(new URL[] {regionsJar}, null);
             InputStream in = jar.getResourceAsStream(binaryName.replace('.', '/') + ".class")) {
            return in == null ? null : in.readAllBytes();
        }
    }

    /** The SDK's {@code binaryName}, defined apart from the class path's: everything it refers to comes from there. */
    static Class<?> define(String binaryName) throws IOException {
        byte[] classFile = classFile(binaryName);
        if (classFile == null) {
            throw new AssertionError("the regions jar has no " + binaryName);
        }
        return new Loader().define(classFile);
    }

    private static final class Loader extends ClassLoader {
        Loader() {
            super(SdkRegionsJar.class.getClassLoader());
        }

        Class<?> define(byte[] classFile) {
            return defineClass(null, classFile, 0, classFile.length);
        }
    }
}
