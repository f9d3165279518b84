// Headless Chromium for the scripts of npm-tools (the end-to-end tests' and the bench's): @sparticuz/chromium's binary,
// which npm-tools/install unpacked where the package looks for it (TMPDIR), or the executable $CHROMIUM names;
// playwright-core drives it.
const { pathToFileURL } = require('node:url');
const { chromium } = require('playwright-core');

// Of the package's args (made for AWS Lambda), those a test on a closed network wants: no reports to Google, no
// hyperlink auditing pings (playwright's own switches already turn off background networking and updates). Left out:
// --disable-web-security and its kin, which would let a page of any origin read the API (what the CORS test checks);
// its --disable-features, which would replace playwright's (Chromium keeps the last), the list that stops calls to
// Google at start; and --single-process, --no-zygote and the like, which Lambda's sandbox needs and a machine does not.
const KEPT_ARGS = new Set(['--disable-domain-reliability', '--no-pings']);

/** The browser, or an error saying how to get one. */
async function launch() {
  const executable = process.env.CHROMIUM ? `$CHROMIUM (${process.env.CHROMIUM})` : "@sparticuz/chromium's";
  try {
    const { default: packaged } = await import(pathToFileURL(require.resolve('@sparticuz/chromium')));
    const executablePath = process.env.CHROMIUM || await packaged.executablePath();
    const args = packaged.args.filter((arg) => KEPT_ARGS.has(arg));
    return await chromium.launch({ executablePath, args, headless: true, timeout: 30000 });
  } catch (error) {
    throw new Error(`Headless Chromium, ${executable}, did not start. local/local-runtime-e2e/npm-tools/install unpacks`
      + " the Linux x64 binary of npm's @sparticuz/chromium into local/local-runtime-e2e/target/npm-tools/chromium for the"
      + ' tests (build again with ./mvnw verify, or -pl local/local-runtime-e2e -am) and into benchmarks/target/npm-tools/'
      + 'chromium for the bench. On another system (macOS, arm64) set CHROMIUM to a Chromium or Chrome executable; if a'
      + ` library is missing (libnss3.so), install your system's nss package.\n${error.message}`);
  }
}

module.exports = { launch };
