package dev.orders.functions.customerprofile;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.Caller;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.CallerChecks;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(DynamoDbExtension.class)
class CustomerProfileFunctionTest {
    private static final String AUTH0 = "auth0|5f7c8ec7c33c6c004bbafe82";
    private Fixture fx;
    private CustomerProfileFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new CustomerProfileFunction(Api.services(fx, CustomerProfileFunction.class));
    }

    @Test
    void samplePutCreatesTheProfileThenReplacesIt() {
        Reply created = invoke(function, SampleEvents.load("customer-profile/put-customer"));
        Reply replaced = invoke(function, withBody("customer-profile/put-customer",
                Map.of("name", "Ada King", "email", "ada@example.com")));

        assertEquals(201, created.status());
        assertEquals("application/json", created.contentType());
        assertEquals("c-ada", created.json().get("customerId"));
        assertEquals("Ada Lovelace", created.json().get("name"));
        assertEquals(200, replaced.status());
        assertEquals("Ada King", replaced.json().get("name"));
        assertEquals(created.json().get("createdAt"), replaced.json().get("createdAt"));
    }

    @Test
    void sampleGetAnswersTheProfileOr404() {
        assertEquals(404, invoke(function, SampleEvents.load("customer-profile/get-customer")).status());
        invoke(function, SampleEvents.load("customer-profile/put-customer"));

        Reply found = invoke(function, SampleEvents.load("customer-profile/get-customer"));

        assertEquals(200, found.status());
        assertEquals(Map.of("customerId", "c-ada", "name", "Ada Lovelace", "email", "ada@example.com"),
                Map.of("customerId", found.json().get("customerId"), "name", found.json().get("name"),
                        "email", found.json().get("email")));
        assertTrue(found.json().get("createdAt").toString().endsWith("Z"));
    }

    @Test
    void ifNoneMatchStarOnlyCreatesAndAnswers412WhenTheProfileExists() {
        assertEquals(201, invoke(function, SampleEvents.load("customer-profile/put-customer-if-absent")).status());

        Reply again = invoke(function, withBody("customer-profile/put-customer-if-absent",
                Map.of("name", "Somebody Else", "email", "else@example.com")));

        assertEquals(412, again.status());
        assertEquals("application/problem+json", again.contentType());
        assertEquals("Ada Lovelace", fx.customers.get("c-ada").orElseThrow().name());
    }

    @Test
    void badInputIsA4xxProblemAndWritesNothing() {
        List<Reply> replies = List.of(
                invoke(function, withBody("customer-profile/put-customer", "{not json")),
                invoke(function, withBody("customer-profile/put-customer", "[1,2]")),
                invoke(function, withBody("customer-profile/put-customer", Map.of("name", "Ada"))),
                invoke(function, withBody("customer-profile/put-customer", Map.of("name", 5, "email", "a@b.example"))),
                invoke(function, withBody("customer-profile/put-customer", Map.of("name", "Ada", "email", "nope"))),
                invoke(function, withBody("customer-profile/put-customer",
                        "{\"name\":\"Ada\",\"name\":\"Eve\",\"email\":\"a@b.example\"}")),
                invoke(function, withPath("customer-profile/put-customer", Map.of("customerId", "c#1"))),
                invoke(function, withBody("customer-profile/put-customer", "x".repeat(70_000))),
                invoke(function, variant("customer-profile/put-customer", Map.of("body", "%%%", "isBase64Encoded", true))));

        for (Reply reply : replies) {
            assertTrue(reply.status() >= 400 && reply.status() < 500, reply.response().getBody());
            assertEquals("application/problem+json", reply.contentType());
            assertEquals(reply.status(), ((Number) reply.json().get("status")).intValue());
            assertFalse(reply.response().getBody().contains("Exception"), reply.response().getBody());
        }
        assertEquals(413, replies.get(7).status());
        assertEquals(List.of(Map.of("field", "email", "message", "is required")), replies.get(2).json().get("errors"));
        assertEquals(0, fx.itemCount());
    }

    @Test
    void aCustomerOfAnIdentityProviderCreatesAndReadsItsOwnProfile() {
        Reply created = invoke(function, Api.as(Api.forCustomer("customer-profile/put-customer", AUTH0), AUTH0, "openid"));
        Reply read = invoke(function, Api.as(Api.forCustomer("customer-profile/get-customer", AUTH0), AUTH0));
        Reply someoneElse = invoke(function, Api.as(Api.forCustomer("customer-profile/get-customer", AUTH0),
                "google-oauth2|104913374850121534562"));

        assertEquals(201, created.status(), created.response().getBody());
        assertEquals(AUTH0, created.json().get("customerId"));
        assertEquals(200, read.status());
        assertEquals(Map.of("customerId", AUTH0, "name", "Ada Lovelace"),
                Map.of("customerId", read.json().get("customerId"), "name", read.json().get("name")));
        assertEquals(404, someoneElse.status());
    }

    /** Neither a proper admin scope claim nor the lookalikes open another customer's profile. */
    @ParameterizedTest
    @ValueSource(strings = {"[orders orders:admin]", "[orders:admin]", "orders orders:admin", "[x,orders:admin]",
        "[profile orders:admin]", "[\"orders:admin\"]", "[x orders:admin]"})
    void noScopeClaimOpensAnotherCustomersProfile(String value) {
        invoke(function, SampleEvents.load("customer-profile/put-customer"));

        for (String claim : List.of("scope", "scp")) {
            Reply read = invoke(function, Api.withLookalikeClaim(SampleEvents.load("customer-profile/get-customer"),
                    "00u1a2b3c4OktaUser", claim, value));
            Reply write = invoke(function, Api.withLookalikeClaim(SampleEvents.load("customer-profile/put-customer"),
                    "00u1a2b3c4OktaUser", claim, value));

            assertEquals(404, read.status(), claim + ": " + value);
            assertEquals(404, write.status(), claim + ": " + value);
            assertFalse(read.response().getBody().contains("c-ada"), read.response().getBody());
        }
    }

    @Test
    void anAdministratorsScopeGrantsNothingOnAProfileEvenWhereTheEventListsIt() {
        invoke(function, SampleEvents.load("customer-profile/put-customer"));

        Reply read = invoke(function, Api.withJwt(SampleEvents.load("customer-profile/get-customer"),
                Map.of("sub", "c-eve", "scope", "orders:admin"), List.of(Caller.ADMIN_SCOPE)));
        Reply byAdmin = invoke(function, Api.asAdmin(SampleEvents.load("customer-profile/get-customer")));

        assertEquals(404, read.status());
        assertEquals(404, byAdmin.status());
    }

    @Test
    void aCustomerIdWithTheKeyDelimiterIs400AndWritesNothing() {
        List<Reply> replies = List.of(
                invoke(function, Api.as(Api.forCustomer("customer-profile/put-customer", "c-ada#PROFILE"), "c-ada#PROFILE")),
                invoke(function, Api.as(Api.forCustomer("customer-profile/put-customer", "auth0#x"), "auth0#x")),
                invoke(function, Api.as(Api.byRawPath("customer-profile/put-customer", "/customers/auth0%23x"), "auth0#x")),
                invoke(function, Api.as(Api.byRawPath("customer-profile/get-customer", "/customers/auth0%23x"), "auth0#x")));

        for (Reply reply : replies) {
            assertEquals(400, reply.status(), reply.response().getBody());
            assertEquals("customerId", ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"));
        }
        assertEquals(0, fx.itemCount());
    }

    @Test
    void unknownPathsAre404AndWrongMethods405() {
        Reply wrongMethod = invoke(function, variant("customer-profile/get-customer",
                Map.of("routeKey", "DELETE /customers/{customerId}", "requestContext", Map.of("http", Map.of("method", "DELETE")))));
        Reply unknownPath = invoke(function, variant("customer-profile/get-customer",
                Map.of("routeKey", "$default", "rawPath", "/nothing/here")));

        assertEquals(405, wrongMethod.status());
        assertEquals("GET, PUT", wrongMethod.header("allow").orElseThrow());
        assertEquals(404, unknownPath.status());
    }

    @ParameterizedTest
    @MethodSource("everySample")
    void hostileRequestsAreAnsweredBelow500AndRefusalsWriteNothing(String sample) {
        HostileRequests.assertRefusedSafely(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleWithABody")
    void aBodyWithAnythingButWhitespaceAfterItsJsonIsABadRequestThatWritesNothing(String sample) {
        HostileRequests.assertTrailingContentRefused(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleOnACustomersRoute")
    void onlyTheCustomerOfThePathOrAnAdministratorIsAnswered(String sample) {
        CallerChecks.assertOwnerOnly(fx, function, sample);
    }

    /** Every sample of its folder, listed from events/. */
    static List<String> everySample() {
        return SampleEvents.names("customer-profile");
    }

    /** The samples of its folder that carry a body. */
    static List<String> everySampleWithABody() {
        return SampleEvents.withBody("customer-profile");
    }

    /** The samples of its folder on a customer's own routes. */
    static List<String> everySampleOnACustomersRoute() {
        return SampleEvents.onCustomersRoutes("customer-profile");
    }
}
