import type { TestCardInput } from './test-card.js';

/** The part of a Playwright `Locator` {@link fillCardFields} uses (structural: no runtime dependency on Playwright). */
export interface PlaywrightLocatorLike {
  count(): Promise<number>;
  first(): PlaywrightLocatorLike;
  nth(index: number): PlaywrightLocatorLike;
  fill(value: string): Promise<void>;
  waitFor(options?: { state?: 'attached' | 'visible'; timeout?: number }): Promise<void>;
  contentFrame(): PlaywrightFrameLocatorLike;
}

/** The part of a Playwright `FrameLocator` {@link fillCardFields} uses. */
export interface PlaywrightFrameLocatorLike {
  locator(selector: string): PlaywrightLocatorLike;
}

/** The part of a Playwright `Page` (or `Frame`) {@link fillCardFields} uses. */
export interface PlaywrightPageLike {
  locator(selector: string): PlaywrightLocatorLike;
}

/** Options of {@link fillCardFields}. */
export interface FillCardFieldsOptions {
  /** A CSS selector of the element holding the card fields (their containers). Default `body`: every frame of the page. */
  within?: string;
  /** How long to wait for the frames and their inputs, in milliseconds. Default 10000. */
  timeout?: number;
}

const inputs = [
  ['number', 'cc-number'],
  ['expiry', 'cc-exp'],
  ['cvc', 'cc-csc'],
] as const;

/**
 * Types a test card into the card fields from Playwright, as a customer would: it finds the iframes inside `within`
 * (the combined field's one frame, or the number, expiry and CVC frames), and in each, through `frameLocator`, fills
 * the inputs by their autocomplete attribute (`cc-number`, `cc-exp`, `cc-csc`); the name goes into Tessera's
 * `cc-name` input on the page. Works against Basis Theory's frames and the sandbox's alike. Throws when a part of the
 * card has no input.
 *
 * ```ts
 * await fillCardFields(page, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' });
 * ```
 */
export async function fillCardFields(page: PlaywrightPageLike, card: TestCardInput, options: FillCardFieldsOptions = {}): Promise<void> {
  const within = options.within ?? 'body';
  const timeout = options.timeout ?? 10_000;
  const frames = page.locator(`${within} iframe`);
  await frames.first().waitFor({ state: 'attached', timeout });
  const filled = new Set<string>();
  const count = await frames.count();
  for (let index = 0; index < count; index += 1) {
    const frame = frames.nth(index).contentFrame();
    await frame.locator('input').first().waitFor({ state: 'attached', timeout });
    for (const [part, autocomplete] of inputs) {
      const input = frame.locator(`input[autocomplete="${autocomplete}"]`);
      if ((await input.count()) === 0) continue;
      await input.first().fill(card[part]);
      filled.add(part);
    }
  }
  const missing = inputs.filter(([part]) => !filled.has(part)).map(([, autocomplete]) => autocomplete);
  if (missing.length > 0) throw new Error(`fillCardFields found no input with autocomplete ${missing.join(', ')} in the frames inside ${within}: are the card fields mounted there?`);
  if (card.name !== undefined) await page.locator(`${within} input[autocomplete="cc-name"]`).first().fill(card.name);
}
