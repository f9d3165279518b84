// Opens each URL in headless Chromium and prints, as one JSON object by URL, what the page's script left in
// window.outcome (a promise: what its fetch calls read, or the error).
//   usage: NODE_PATH=WORKDIR/node_modules TMPDIR=WORKDIR/chromium node open-pages.cjs URL...
// The browser: chromium.cjs's.
const { launch } = require('./chromium.cjs');

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
