// Opens each URL in headless Chromium (the executable given; playwright-core brings none) and prints, as one JSON
// object by URL, what the page's script left in window.outcome (a promise: what its fetch calls read, or the error).
//   usage: NODE_PATH=WORKDIR/node_modules node open-pages.cjs CHROMIUM URL...
const { chromium } = require('playwright-core');

async function main() {
  const [executablePath, ...urls] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath, headless: true, timeout: 30000 });
  try {
    const outcomes = {};
    for (const url of urls) {
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
  console.error(error);
  process.exit(1);
});
