package dev.orders.localaws;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepositoryRootTest {

    @Test
    void aClasspathFileRunsThisCheckoutsJarsAndTheMavenRepositorysAsTheyAre(@TempDir Path dir) throws IOException {
        Path root = RepositoryRoot.locate();
        String mavenJar = dir.resolve("repository/joda-time-2.12.7.jar").toString();
        Path file = Files.writeString(dir.resolve("classpath.txt"),
                "shared-model/order-core/target/order-core-1.0.0-SNAPSHOT.jar" + File.pathSeparator + mavenJar);

        assertEquals(root.resolve("shared-model/order-core/target/order-core-1.0.0-SNAPSHOT.jar") + File.pathSeparator + mavenJar,
                RepositoryRoot.classpath(file));
    }
}
