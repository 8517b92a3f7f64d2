// The documentation site as a newcomer opens it: `docs/api/index.html` from disk (file://) in Chromium, after
// `pnpm run docs`. It must open on the getting-started page with its picture of a payment's path, list every guide
// in its Guides section and in the sidebar, and every local link of the getting-started page and the guides must
// lead to a page (and an anchor) that exists. No page may log a console error. At 375 px (a phone) the
// getting-started page shows the command to start within its first screen and no page scrolls sideways. Screenshots of the getting-started
// page and of one guide go to test-artifacts/docs/. `.ci/run` runs it right after `pnpm run docs`.
//
//   pnpm run docs && pnpm exec node scripts/check-docs-site.mjs        (CHROMIUM_PATH, default /usr/bin/chromium)
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const site = join(root, 'docs/api');
const artifacts = join(root, 'test-artifacts/docs');
const index = join(site, 'index.html');

// The guides, in the order typedoc.json lists them, with the title each page must show (its front matter's).
const typedoc = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8'));
const guides = typedoc.projectDocuments.map((path) => {
  const title = /^title:\s*(.+)$/m.exec(readFileSync(join(root, path), 'utf8'))?.[1]?.trim();
  if (!title) fail(`${path} has no title in its front matter`);
  return { path, title };
});

const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};
function fail(message) {
  console.error(`docs site: ${message}`);
  process.exit(1);
}

if (!existsSync(index)) fail(`${relative(root, index)} is missing: run \`npx -y pnpm@12 run docs\` first`);
mkdirSync(artifacts, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (message) => {
    // Opened from disk, Chromium refuses TypeDoc's `<use href="assets/icons.svg#…">` (file: URLs are unique origins)
    // and says so; TypeDoc's icons.js puts the same icons inline, so they show all the same. Any other error counts.
    if (message.type() !== 'error' || /^Unsafe attempt to load URL file:\S+\/assets\/icons\.svg#/.test(message.text())) return;
    problems.push(`console error on ${relative(site, fileURLToPath(page.url()))}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${relative(site, fileURLToPath(page.url()))}: ${error.message}`));

  /** Opens a page of the site from disk; returns its main heading. */
  async function open(file) {
    await page.goto(pathToFileURL(file).href);
    return (await page.locator('.col-content h1, .col-content h2').first().textContent())?.trim();
  }

  /** Every local link in the page's content: it must name a file of the site, and its anchor an element there. */
  async function checkLinks(from) {
    const hrefs = await page.locator('.col-content a[href]').evaluateAll((links) => links.map((link) => link.href));
    for (const href of new Set(hrefs)) {
      if (!href.startsWith('file:')) continue;
      const url = new URL(href);
      const target = fileURLToPath(url);
      if (!existsSync(target)) {
        check(false, `${from} links to ${relative(site, target)}, which does not exist`);
        continue;
      }
      if (url.hash && target.endsWith('.html')) {
        const html = readFileSync(target, 'utf8');
        const id = decodeURIComponent(url.hash.slice(1));
        check(html.includes(`id="${id}"`) || html.includes(`name="${id}"`), `${from} links to ${relative(site, target)}${url.hash}: no such anchor`);
      }
    }
    return hrefs.length;
  }

  // 1. The front page is the getting-started page, with the picture of a payment's path.
  const heading = await open(index);
  check((await page.title()).includes('Tessera SDK'), `index.html's title is "${await page.title()}"`);
  check((await page.locator('.col-content h1, .col-content h2').allTextContents()).some((text) => text.trim() === 'Getting started'), 'index.html does not open on "Getting started"');
  const picture = page.locator('.col-content img[src$="payment-path.svg"]');
  check((await picture.count()) === 1, 'the getting-started page has no picture of the payment path');
  if ((await picture.count()) === 1) {
    const width = await picture.evaluate((image) => (image.complete ? image.naturalWidth : 0));
    check(width > 0, 'the picture of the payment path does not load');
  }
  await page.screenshot({ path: join(artifacts, 'getting-started.png') });
  let links = await checkLinks('index.html');

  // 2. Each guide is linked from the getting-started page and from the sidebar, and opens on its own title.
  for (const guide of guides) {
    const link = page.locator('.col-content a', { hasText: guide.title }).first();
    check((await link.count()) === 1, `the getting-started page does not link to "${guide.title}"`);
    const sidebar = page.locator('.site-menu a', { hasText: guide.title });
    check((await sidebar.count()) >= 1, `the sidebar does not list "${guide.title}"`);
  }
  const guideFiles = await page.locator('.col-content a').evaluateAll((anchors, titles) =>
    titles.map((title) => anchors.find((anchor) => anchor.textContent?.trim() === title)?.href), guides.map((guide) => guide.title));
  for (const [position, guide] of guides.entries()) {
    const href = guideFiles[position];
    if (!href) continue;
    const file = fileURLToPath(href);
    if (!existsSync(file)) {
      check(false, `"${guide.title}" links to ${relative(site, file)}, which does not exist`);
      continue;
    }
    const title = await open(file);
    check(title === guide.title, `${relative(site, file)} opens on "${title}", not "${guide.title}"`);
    links += await checkLinks(relative(site, file));
    if (position === 1) await page.screenshot({ path: join(artifacts, 'guide.png') });
  }
  check(heading !== undefined, 'index.html has no heading');

  // 3. On a phone (375 × 667): the getting-started page opens on the command to start (its first code block within
  // the first screen), and no page scrolls sideways (wide tables scroll inside their own box, docs/site.css).
  await page.setViewportSize({ width: 375, height: 667 });
  await open(index);
  const firstCode = page.locator('.col-content pre').first();
  const top = (await firstCode.count()) === 1 ? await firstCode.evaluate((pre) => pre.getBoundingClientRect().top + window.scrollY) : Infinity;
  check(top < 667, `at 375 × 667 the getting-started page's first code block starts at ${Math.round(top)} px, below the first screen`);
  check(/pnpm@12 demo/.test((await firstCode.textContent()) ?? ''), "the getting-started page's first code block is not the README's demo command");
  await page.screenshot({ path: join(artifacts, 'getting-started-375.png') });
  const pages = [index, ...guideFiles.filter((href) => href !== undefined).map((href) => fileURLToPath(href))];
  for (const file of pages) {
    await open(file);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check(sideways <= 0, `at 375 px ${relative(site, file)} scrolls sideways by ${sideways} px`);
  }
  if (problems.length === 0) {
    console.log(`docs site: the getting-started page and ${guides.length} guides open in Chromium, ${links} links checked; screenshots in ${relative(root, artifacts)}/`);
  }
} finally {
  await browser.close();
}

if (problems.length > 0) fail(`\n  ${problems.join('\n  ')}`);
