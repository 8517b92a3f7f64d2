import axe from 'axe-core';
import type { Page } from 'playwright-core';

// What the end-to-end test checks of WCAG 2.2 AA: axe-core's findings, and where keyboard focus is.

/** WCAG 2.2 A and AA, as axe-core tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's serious and critical WCAG 2.2 A/AA findings on the page and in its frames, as `rule (impact): targets`. */
export async function axeFindings(page: Page): Promise<string[]> {
  // axe runs in every frame (the card fields', the wallet sheet's, the modal's, the issuer's) that still has a document.
  for (const frame of page.frames()) await frame.evaluate(axe.source).catch(() => undefined);
  return page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_TAGS);
}

/**
 * What has keyboard focus, through the frames it is in: its `aria-label`, else its label, else its heading (the
 * result), else its text; `body` when nothing.
 */
export async function focused(page: Page): Promise<string> {
  let frame = page.mainFrame();
  for (;;) {
    const element = (await frame.evaluateHandle(() => document.activeElement)).asElement();
    const inner = await element?.contentFrame();
    if (!inner) {
      return frame.evaluate(() => {
        const active = document.activeElement as HTMLInputElement | null;
        if (!active || active === document.body) return 'body';
        return (active.getAttribute('aria-label') ?? active.labels?.[0]?.textContent ?? active.querySelector('h2')?.textContent ?? active.textContent ?? active.tagName).trim();
      });
    }
    frame = inner;
  }
}

/** Presses Tab (Shift+Tab with `back`) until `name` has focus; fails after `most` presses, naming what Tab went through. */
export async function tabTo(page: Page, name: string | RegExp, { most = 8, back = false } = {}): Promise<void> {
  const matches = (now: string) => (typeof name === 'string' ? now === name : name.test(now));
  const seen: string[] = [];
  while (seen.length < most) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Focus entering another process's frame lands a moment later: look again for a while.
    let now = await focused(page);
    for (let look = 0; look < 10 && !matches(now); look++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      now = await focused(page);
    }
    if (matches(now)) return;
    seen.push(now);
  }
  throw new Error(`${String(name)} never took focus; Tab went through: ${seen.join(' > ')}`);
}

/** True when the page scrolls sideways (its content is wider than its window). */
export const scrollsSideways = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
