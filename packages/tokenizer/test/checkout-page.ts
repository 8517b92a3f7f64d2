import { afterEach, expect } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import type { TesseraClient } from '../src/client/tessera-client.js';
import type { ConfirmPaymentResult } from '../src/confirm/confirm-payment.js';
import type { CardFields } from '../src/fields.js';

/** A card expiry two-digit year three years ahead, for the test cards. */
export const expiryYear = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

/** The page of a browser checkout test: its card fields and its Pay button. */
export interface CheckoutPage {
  /** Card fields in a checkout form, with the number typed in as the customer would. */
  fieldsWith(number: string): Promise<CardFields>;
  /** `pay()` from each click on the page's Pay button (a popup or a challenge follows a click); `double`: a double click. */
  payOnClick(pay: () => Promise<ConfirmPaymentResult>, double?: boolean): Promise<ConfirmPaymentResult[]>;
}

/** The checkout page of a test file, with `tessera`'s card fields; what a test mounted is removed after it. */
export function useCheckoutPage(tessera: Pick<TesseraClient, 'cardFields'>): CheckoutPage {
  let mounted: CardFields | undefined;
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    document.querySelector('dialog')?.close();
    document.body.replaceChildren();
  });
  return {
    async fieldsWith(number) {
      const form = Object.assign(document.createElement('form'), { id: 'checkout' });
      form.append(Object.assign(document.createElement('div'), { id: 'card' }), Object.assign(document.createElement('div'), { id: 'name' }));
      document.body.append(form);
      const fields = tessera.cardFields();
      mounted = fields;
      await fields.mount({ card: '#card', name: '#name' });
      await commands.fillCardFieldsWithPlaywright({ number, expiry: `12/${expiryYear}`, cvc: '123', name: 'Ada Lovelace' }, '#checkout');
      await expect.poll(() => fields.getState().complete).toBe(true);
      return fields;
    },
    async payOnClick(pay, double = false) {
      const button = Object.assign(document.createElement('button'), { textContent: 'Pay', type: 'button' });
      document.body.append(button);
      const results: Promise<ConfirmPaymentResult>[] = [];
      button.addEventListener('click', () => results.push(pay()));
      const locator = page.getByRole('button', { name: 'Pay' });
      await (double ? userEvent.dblClick(locator) : userEvent.click(locator));
      return Promise.all(results);
    },
  };
}
