// The operations console's first load in headless Chromium, for the bench (benchmarks' ConsoleLoad, section 10): in
// each of RUNS fresh browser contexts (no cache, no storage) it opens the console, which reads its config and the
// issuer's discovery and sends the browser to the issuer's sign-in page, signs in there as SUBJECT, an administrator,
// and waits for the payment-issue queue. Prints {"runs": [{"first": {...}, "signedIn": {...}}]}, in milliseconds from
// each document's navigation start, read from the page's Performance API (navigation and resource timing):
//   first: the console's own load, before the issuer: html (the document's responseEnd), domContentLoaded (the
//     bundle run), load, discovered (the discovery document read: the redirect follows), bytes (the transfer sizes);
//   signedIn: the console again, from the sign-in's navigation (the form's POST, the issuer's 303, the console with
//     ?code=): domContentLoaded, token (the token endpoint's answer read), issues (GET /payment-issues read), queue
//     (the queue on the screen: its table, or its words for an empty queue).
//   usage: NODE_PATH=WORKDIR/node_modules TMPDIR=WORKDIR/chromium node console-load.cjs CONSOLE_URL RUNS SUBJECT
const { launch } = require('./chromium.cjs');

/**
 * In every document, before its own scripts: the console's first visit keeps its figures in the tab's sessionStorage
 * as it leaves for the issuer (same origin: start-api serves both), and the console back from the issuer notes when
 * the queue first shows.
 */
function watch() {
  if (location.pathname !== '/console/') {
    return;
  }
  if (!location.search.includes('code=')) {
    addEventListener('pagehide', () => sessionStorage.setItem('console-load', JSON.stringify(firstLoad())));
    return;
  }
  new MutationObserver((_, observer) => {
    const screen = document.getElementById('screen');
    if (screen?.querySelector('table') || screen?.textContent.includes('No open payment issues.')) {
      window.queueShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });

  /** The console's figures before it leaves for the issuer. */
  function firstLoad() {
    const [navigation] = performance.getEntriesByType('navigation');
    const resources = performance.getEntriesByType('resource');
    const discovery = resources.find((entry) => entry.name.endsWith('/.well-known/openid-configuration'));
    return {
      html: navigation.responseEnd,
      domContentLoaded: navigation.domContentLoadedEventEnd,
      load: navigation.loadEventEnd,
      discovered: discovery.responseEnd,
      bytes: [navigation, ...resources].reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  }
}

/** The console's figures once signed in. */
function signedIn() {
  const [navigation] = performance.getEntriesByType('navigation');
  const resources = performance.getEntriesByType('resource');
  const read = (path) => resources.find((entry) => new URL(entry.name).pathname === path).responseEnd;
  return {
    domContentLoaded: navigation.domContentLoadedEventEnd,
    token: read('/token'),
    issues: read('/payment-issues'),
    queue: window.queueShownAt,
  };
}

async function measure(browser, url, subject) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30000);
    await page.addInitScript(watch);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForURL(/\/authorize\?/);
    const first = JSON.parse(await page.evaluate(() => sessionStorage.getItem('console-load')));
    await page.getByLabel('Subject').fill(subject);
    await page.getByRole('checkbox', { name: 'Administrator' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => window.queueShownAt !== undefined);
    return { first, signedIn: await page.evaluate(signedIn) };
  } finally {
    await context.close();
  }
}

async function main() {
  const [url, runs, subject] = process.argv.slice(2);
  const browser = await launch();
  try {
    const measured = [];
    for (let run = 0; run < Number(runs); run++) {
      measured.push(await measure(browser, url, subject));
    }
    console.log(JSON.stringify({ runs: measured }));
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
