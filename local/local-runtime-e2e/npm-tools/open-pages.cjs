// Opens each URL in headless Chromium and prints, as one JSON object by URL, what the page's script left in
// window.outcome (a promise: what its fetch calls read, or the error).
//   usage: NODE_PATH=WORKDIR/node_modules TMPDIR=WORKDIR/chromium node open-pages.cjs URL...
// The browser is @sparticuz/chromium's, which npm-tools/install unpacked where the package looks for it (TMPDIR), or
// the executable $CHROMIUM names; playwright-core drives it.
const { pathToFileURL } = require('node:url');
const { chromium } = require('playwright-core');

// Of the package's args (made for AWS Lambda), those a test on a closed network wants: no reports to Google, no
// hyperlink auditing pings (playwright's own switches already turn off background networking and updates). Left out:
// --disable-web-security and its kin, which would let a page of any origin read the API (what the test checks); its
// --disable-features, which would replace playwright's (Chromium keeps the last), the list that stops calls to Google
// at start; and --single-process, --no-zygote and the like, which Lambda's sandbox needs and a machine does not.
const KEPT_ARGS = new Set(['--disable-domain-reliability', '--no-pings']);

async function launch() {
  const executable = process.env.CHROMIUM ? `$CHROMIUM (${process.env.CHROMIUM})` : "@sparticuz/chromium's";
  try {
    const { default: packaged } = await import(pathToFileURL(require.resolve('@sparticuz/chromium')));
    const executablePath = process.env.CHROMIUM || await packaged.executablePath();
    const args = packaged.args.filter((arg) => KEPT_ARGS.has(arg));
    return await chromium.launch({ executablePath, args, headless: true, timeout: 30000 });
  } catch (error) {
    throw new Error(`Headless Chromium, ${executable}, did not start. The build installs it: local/local-runtime-e2e/`
      + "npm-tools/install unpacks the Linux x64 binary of npm's @sparticuz/chromium into local/local-runtime-e2e/target/"
      + 'npm-tools/chromium; build again with ./mvnw verify (or -pl local/local-runtime-e2e -am). On another system (macOS,'
      + ' arm64) set CHROMIUM to a Chromium or Chrome executable; if a library is missing (libnss3.so), install your'
      + ` system's nss package.\n${error.message}`);
  }
}

async function main() {
  const browser = await launch();
  try {
    const outcomes = {};
    for (const url of process.argv.slice(2)) {
      const page = await browser.newPage();
      await page.goto(url, { timeout: 30000 });
      outcomes[url] = await page.evaluate(() => window.outcome);
      await page.close();
    }
    console.log(JSON.stringify(outcomes));
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
