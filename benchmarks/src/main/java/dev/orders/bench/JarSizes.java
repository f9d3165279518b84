package dev.orders.bench;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Section 5: the size of each function's deployment jar, against the 8 MB target read strictly (8,000,000 bytes). */
final class JarSizes {
    static final long TARGET_BYTES = 8_000_000L;

    private JarSizes() {
    }

    static void run(Report report) throws IOException {
        Path root = RepositoryRoot.locate();
        List<List<String>> rows = new ArrayList<>();
        for (SamTemplate.Function function : SamTemplate.repository().functions()) {
            long bytes = Files.size(root.resolve(function.codeUri()));
            rows.add(List.of(function.logicalId(), "`" + function.codeUri() + "`",
                    String.format(java.util.Locale.ROOT, "%.2f MB (%,d bytes)", bytes / 1e6, bytes),
                    bytes <= TARGET_BYTES ? "yes" : "no"));
        }
        report.table(List.of("function", "jar", "size", "<= 8 MB"), rows);
    }
}
