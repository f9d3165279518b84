// The operations console in headless Chromium, worked as an administrator works it, by the accessible names of its
// fields and buttons: sign in at the issuer's page, the payment-issue queue, an order found by its id, an issue
// resolved with a note, an order's moves and a line picked, a stock recount that meets another's change, a refusal,
// sign-out. Prints one JSON object, {"steps": [{"name", "seen", "error"?}]}: what each step saw on the page (texts,
// table rows, facts, the serious and critical axe-core violations of its screen under "axe"), or the error that
// stopped it, after which no step runs. ConsoleEndToEndTest asserts on it. Screenshots of the screens are written
// into the setup's directory.
//   usage: NODE_PATH=WORKDIR/node_modules TMPDIR=WORKDIR/chromium node console-scenarios.cjs SETUP
// SETUP is a JSON object: {"console": "<start-api>/console/", "api", "subject", "issue": {"orderId", "button"},
// "order": {"orderId", "sku", "reason"}, "note", "stock": {"sku", "recount", "belowReserved", "concurrent":
// {"token", "onHand"}}, "screenshots": "<directory>"}.
const path = require('node:path');
const axe = require('axe-core');
const { launch } = require('./chromium.cjs');

// Long enough for a function's first request on start-api (a cold JVM), never reached when the console works.
const WAIT = 30000;
// The screenshots' size; the locale and time zone the assertions read money and times in.
const PAGE = { viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' };

/** The steps in the order they run: each reads what it needs of the setup and records what the page showed. */
const STEPS = [
  ['sign-in', async (page, setup, seen) => {
    await page.goto(setup.console);
    await page.waitForURL(/\/authorize\?/);
    await heading(page, 'Sign in');
    seen.title = await page.title();
    seen.axe = await violations(page);
    await shot(page, setup, 'sign-in');
    await page.getByLabel('Subject').fill(setup.subject);
    await page.getByRole('checkbox', { name: 'Administrator' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
  }],
  ['queue', async (page, setup, seen) => {
    await heading(page, 'Payment issues');
    const queue = page.getByRole('table', { name: 'Open payment issues' });
    await queue.getByRole('link', { name: setup.issue.orderId, exact: true }).waitFor();
    seen.url = page.url();
    seen.signedInAs = await page.getByText(/^Signed in as/).innerText();
    seen.rows = await rows(queue);
    seen.storage = await storage(page);
    seen.axe = await violations(page);
    await shot(page, setup, 'queue');
  }],
  ['orders-feed', async (page, setup, seen) => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await heading(page, 'Orders');
    const feed = page.getByRole('table', { name: /newest first$/ });
    await feed.waitFor();
    seen.feed = await rows(feed);
    seen.axe = await violations(page);
    await shot(page, setup, 'orders');
  }],
  ['find-order', async (page, setup, seen) => {
    // By keyboard: the id typed, Enter finds it.
    await page.getByLabel('Order id').fill(setup.issue.orderId);
    await page.getByLabel('Order id').press('Enter');
    await heading(page, `Order ${setup.issue.orderId}`);
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    seen.facts = await facts(page);
    seen.axe = await violations(page);
  }],
  ['resolve-issue', async (page, setup, seen) => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Payment issues' }).click();
    await heading(page, 'Payment issues');
    await page.getByRole('button', { name: setup.issue.button }).click();
    await page.getByLabel('Note').fill(setup.note);
    seen.axe = await violations(page);
    await page.getByRole('button', { name: 'Resolve issue' }).click();
    await page.getByRole('status').filter({ hasText: /^Resolved/ }).waitFor();
    await page.getByRole('button', { name: setup.issue.button }).waitFor({ state: 'detached' });
    seen.status = await page.getByRole('status').innerText();
    seen.screen = await page.locator('#screen').innerText();
  }],
  ['order-moves', async (page, setup, seen) => {
    const { orderId, sku, reason } = setup.order;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByLabel('Order id').fill(orderId);
    await page.getByRole('button', { name: 'Find order' }).click();
    await heading(page, `Order ${orderId}`);
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    seen.before = { facts: await facts(page), lines: await rows(page.getByRole('table', { name: 'Lines of the order' })) };

    await page.getByLabel('Reason').fill(reason);
    await page.getByRole('button', { name: 'Move to on hold' }).click();
    await announced(page, `Order ${orderId} is now on hold.`);
    await factShows(page, 'Status', /^On hold/);
    seen.held = { facts: await facts(page), history: await history(page) };

    await page.getByRole('button', { name: 'Move to paid' }).click();
    await announced(page, `Order ${orderId} is now paid.`);
    await factShows(page, 'Status', /^Paid$/);

    await page.getByRole('button', { name: `Pick line 1, ${sku}` }).click();
    await announced(page, `Line 1 (${sku}) is now picked.`);
    await factShows(page, 'Status', /^In fulfillment$/);
    seen.picked = {
      facts: await facts(page),
      lines: await rows(page.getByRole('table', { name: 'Lines of the order' })),
      history: await history(page),
    };
    seen.axe = await violations(page);
    await shot(page, setup, 'order');
    // The lines and the timeline, below the order's summary and moves.
    await page.getByRole('heading', { name: 'Lines', exact: true }).evaluate((lines) => lines.scrollIntoView());
    await shot(page, setup, 'order-history');
  }],
  ['stock-conflict', async (page, setup, seen) => {
    const { sku, recount, concurrent } = setup.stock;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Stock' }).click();
    await heading(page, 'Stock');
    await page.getByLabel('SKU').fill(sku);
    await page.getByRole('button', { name: 'Find stock' }).click();
    await heading(page, `Stock of ${sku}`);
    await page.getByLabel('Units on hand').waitFor();
    seen.loaded = await facts(page);
    await page.getByLabel('Units on hand').fill(String(recount));
    // Another administrator recounts between this screen's load and its save.
    const other = await fetch(`${setup.api}/products/${encodeURIComponent(sku)}/stock`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${concurrent.token}`, 'Content-Type': 'application/json', 'If-Match': '*' },
      body: JSON.stringify({ onHand: concurrent.onHand }),
    });
    seen.concurrentStatus = other.status;
    await page.getByRole('button', { name: 'Save recount' }).click();
    await page.getByRole('alert').filter({ hasText: 'Changed since you loaded it' }).waitFor();
    seen.alert = await alert(page);
    seen.axe = await violations(page);
    await shot(page, setup, 'stock-conflict');
    await page.getByRole('button', { name: 'Reload' }).click();
    await factShows(page, 'On hand', new RegExp(`^${concurrent.onHand}$`));
    seen.reloaded = await facts(page);
    seen.alertAfterReload = await page.getByRole('alert').innerText();
  }],
  ['refusal', async (page, setup, seen) => {
    await page.getByLabel('Units on hand').fill(String(setup.stock.belowReserved));
    await page.getByRole('button', { name: 'Save recount' }).click();
    await page.getByRole('alert').locator('p').first().waitFor();
    seen.alert = await alert(page);
    seen.facts = await facts(page);
    seen.axe = await violations(page);
  }],
  ['sign-out', async (page, setup, seen) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading(page, 'Sign in');
    await page.getByRole('status').filter({ hasText: 'You signed out.' }).waitFor();
    seen.status = await page.getByRole('status').innerText();
    seen.signOutShown = await page.getByRole('button', { name: 'Sign out' }).isVisible();
    seen.storage = await storage(page);
    seen.axe = await violations(page);
  }],
];

async function heading(page, name) {
  await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
}

/** Waits until the status region says `text` (what was done). */
async function announced(page, text) {
  await page.getByRole('status').filter({ hasText: text }).waitFor();
}

/** Waits until the screen's fact `term` (a description list's term) reads as `pattern`. */
async function factShows(page, term, pattern) {
  await page.waitForFunction(([t, source]) => [...document.querySelectorAll('dl dt')]
    .some((dt) => dt.textContent === t && new RegExp(source).test(dt.nextElementSibling?.textContent ?? '')),
  [term, pattern.source], { timeout: WAIT });
}

/** The screen's description lists as one object: term to value. */
function facts(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#screen dl dt')]
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));
}

/** A table's body rows, each its cells' text as read. */
function rows(table) {
  return table.evaluate((element) => [...element.tBodies[0].rows].map((row) => [...row.cells].map((cell) => cell.innerText)));
}

/** The order's timeline, newest first: each entry's text. */
function history(page) {
  return page.getByRole('region', { name: 'History' }).getByRole('listitem').allInnerTexts();
}

/** The alert region: its title, its detail and the whole text. */
function alert(page) {
  return page.getByRole('alert').evaluate((region) => ({
    title: region.querySelector('.alert-title')?.textContent ?? null,
    detail: region.querySelector('.alert-title + p')?.textContent ?? null,
    text: region.innerText,
  }));
}

/** Everything the page keeps in localStorage and sessionStorage. */
function storage(page) {
  return page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
}

/**
 * axe-core's serious and critical violations of the page as it is. Its source is evaluated in the page by the driver,
 * as @axe-core/playwright does, so the page's Content-Security-Policy stays as served.
 */
async function violations(page) {
  if (!await page.evaluate(() => 'axe' in window)) {
    await page.evaluate(axe.source);
  }
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id, impact: violation.impact, help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

async function shot(page, setup, name) {
  await page.screenshot({ path: path.join(setup.screenshots, `${name}.png`) });
}

async function main() {
  const setup = JSON.parse(process.argv[2]);
  const browser = await launch();
  const steps = [];
  try {
    const page = await browser.newPage(PAGE);
    page.setDefaultTimeout(WAIT);
    for (const [name, step] of STEPS) {
      const seen = {};
      try {
        await step(page, setup, seen);
        steps.push({ name, seen });
      } catch (error) {
        steps.push({ name, seen, error: `${error.message}\n(on ${page.url()})` });
        break;
      }
    }
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify({ steps }));
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
