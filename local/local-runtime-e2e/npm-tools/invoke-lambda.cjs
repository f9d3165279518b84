// Invokes a function through the AWS SDK for JavaScript v3's LambdaClient at ENDPOINT, as a script of a user's would
// against sam-local start-lambda, and prints the answer as one JSON object: {StatusCode, FunctionError, Payload}.
//   usage: NODE_PATH=WORKDIR/node_modules node invoke-lambda.cjs ENDPOINT REGION FUNCTION_NAME PAYLOAD
// Dummy credentials given here, so that no profile or environment of the machine's is read for them.
const { LambdaClient, InvokeCommand } = require('@aws-sdk/client-lambda');

async function main() {
  const [endpoint, region, functionName, payload] = process.argv.slice(2);
  const client = new LambdaClient({
    endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const answer = await client.send(new InvokeCommand({
      FunctionName: functionName, Payload: new TextEncoder().encode(payload),
    }));
    console.log(JSON.stringify({
      StatusCode: answer.StatusCode,
      FunctionError: answer.FunctionError ?? null,
      Payload: new TextDecoder().decode(answer.Payload),
    }));
  } finally {
    client.destroy();
  }
}

main().catch((error) => {
  console.error(`${error.name} (HTTP ${error.$metadata?.httpStatusCode}): ${error.message}`);
  process.exit(1);
});
