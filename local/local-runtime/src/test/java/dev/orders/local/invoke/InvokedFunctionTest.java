package dev.orders.local.invoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The forms of FunctionName the Invoke API takes, and the names and qualifiers it refuses. */
class InvokedFunctionTest {

    @Test
    void aNameAFullArnAndAPartialArnNameTheSameFunction() throws InvokeRefusal {
        InvokedFunction name = InvokedFunction.parse("CustomerProfileFunction");
        InvokedFunction arn = InvokedFunction.parse("arn:aws:lambda:eu-west-1:123456789012:function:CustomerProfileFunction");
        InvokedFunction partial = InvokedFunction.parse("123456789012:function:CustomerProfileFunction");

        assertEquals(new InvokedFunction("CustomerProfileFunction", Optional.empty(), Optional.empty(), Optional.empty()), name);
        assertEquals(new InvokedFunction("CustomerProfileFunction", Optional.of("eu-west-1"), Optional.of("123456789012"),
                Optional.empty()), arn);
        assertEquals(new InvokedFunction("CustomerProfileFunction", Optional.empty(), Optional.of("123456789012"),
                Optional.empty()), partial);
        assertEquals("arn:aws:lambda:us-east-1:123456789012:function:CustomerProfileFunction",
                name.arn("us-east-1", "123456789012"));
    }

    @Test
    void aQualifierComesFromTheNameOrTheParameterAndBothMustAgree() throws InvokeRefusal {
        assertEquals(Optional.of("live"), InvokedFunction.parse("CustomerProfileFunction:live").qualifier());
        assertEquals(Optional.of("$LATEST"), InvokedFunction.parse("CustomerProfileFunction")
                .qualifiedBy(Optional.of("$LATEST")).qualifier());
        assertEquals(Optional.of("7"), InvokedFunction.parse("CustomerProfileFunction:7").qualifiedBy(Optional.of("7")).qualifier());
        assertEquals("arn:aws:lambda:us-east-1:123456789012:function:CustomerProfileFunction:live",
                InvokedFunction.parse("CustomerProfileFunction:live").arn("us-east-1", "123456789012"));

        InvokeRefusal contradicted = assertThrows(InvokeRefusal.class,
                () -> InvokedFunction.parse("CustomerProfileFunction:live").qualifiedBy(Optional.of("7")));
        assertEquals("InvalidParameterValueException", contradicted.errorCode);
        InvokeRefusal badQualifier = assertThrows(InvokeRefusal.class,
                () -> InvokedFunction.parse("CustomerProfileFunction").qualifiedBy(Optional.of("a b")));
        assertEquals("ValidationException", badQualifier.errorCode);
    }

    @Test
    void aNameOutsideThePatternOrTheLengthIsAValidationError() {
        for (String name : new String[] {"", "Customer Profile", "arn:aws:lambda:function:x/y", "f".repeat(171)}) {
            InvokeRefusal refused = assertThrows(InvokeRefusal.class, () -> InvokedFunction.parse(name), name);
            assertEquals(400, refused.status, name);
            assertEquals("ValidationException", refused.errorCode, name);
        }
    }
}
