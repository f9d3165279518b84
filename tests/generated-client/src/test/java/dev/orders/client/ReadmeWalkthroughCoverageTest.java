package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.localaws.template.SamTemplate;
import dev.orders.routes.PathTemplate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Each call of README.md's walkthrough and docs/STOCK.md's is a route of the template's HTTP API (a route needs no
 * call there: its sample in events/ is answered as documented), and the Java client's walkthrough makes each of the
 * README's calls in one step. Reads the files only, so a README change is checked in seconds (the
 * walkthroughs that run the calls, {@link ReadmeWalkthroughTest} and the TypeScript ones, take minutes).
 */
class ReadmeWalkthroughCoverageTest {
    @Test
    void everyCallOfTheWalkthroughsIsARouteOfTheTemplatesHttpApi() {
        List<SamTemplate.HttpRoute> routes = SamTemplate.repository().functions().stream()
                .flatMap(function -> function.routes().stream()).toList();
        List<String> calls = new ArrayList<>(ReadmeWalkthrough.calls());
        calls.addAll(ReadmeWalkthrough.calls("docs/STOCK.md", "## Stock: sell a product out"));

        assertEquals(List.of(), calls.stream().filter(call -> routes.stream().noneMatch(route -> isOf(call, route)))
                .toList(), "calls of the walkthrough that are no route of template.yaml");
    }

    @Test
    void everyCallOfTheReadmesWalkthroughIsOneStepOfTheJavaClientsWalkthrough() {
        List<String> calls = ReadmeWalkthrough.calls();
        List<Integer> steps = Arrays.stream(ReadmeWalkthroughTest.class.getDeclaredMethods())
                .map(method -> method.getAnnotation(ReadmeCall.class)).filter(Objects::nonNull)
                .map(call -> ReadmeOrder.position(call, calls)).sorted().toList();

        assertEquals(IntStream.range(0, calls.size()).boxed().toList(), steps,
                "the README's calls, by their place in it, that ReadmeWalkthroughTest's steps make: each once");
    }

    /** Whether {@code call} ("METHOD /path", with the README's $VARIABLES) is a request of {@code route}. */
    private static boolean isOf(String call, SamTemplate.HttpRoute route) {
        String[] methodAndPath = call.split(" ", 2);
        return route.method().equals(methodAndPath[0])
                && PathTemplate.of(route.path()).match(methodAndPath[1].replaceAll("\\$[A-Z_]+", "x")).isPresent();
    }
}
