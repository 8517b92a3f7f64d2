// Parts of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): `<apple-pay-button>`.

/** What the button says for its type (`buy` → "Buy with Apple Pay"), in English whatever the locale. */
export function buttonLabel(type: string | null): string {
  if (!type || type === 'plain') return 'Apple Pay';
  const verb = type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, ' ');
  return type === 'set-up' ? 'Set up Apple Pay' : verb + ' with Apple Pay';
}

/**
 * Defines `<apple-pay-button>` (unless the page has one): attributes `buttonstyle` black, white or white-outline,
 * `type`, `locale`; the `--apple-pay-button-*` CSS properties; `role="button"`, focusable, named by what it says unless
 * the page gave an `aria-label`, and activated by Enter and Space (inferred: Apple documents the element's attributes
 * and CSS properties, not its accessibility). A constructed style sheet, no inline handler.
 */
export function defineApplePayButton(): void {
  const buttonCss =
    ':host{display:inline-block;box-sizing:border-box;cursor:pointer;width:var(--apple-pay-button-width,100px);height:var(--apple-pay-button-height,30px);min-height:30px;border-radius:var(--apple-pay-button-border-radius,5px);overflow:hidden}' +
    ':host(:focus-visible){outline:2px solid #0a84ff;outline-offset:2px}' +
    'span{display:flex;align-items:center;justify-content:center;box-sizing:border-box;width:100%;height:100%;padding:var(--apple-pay-button-padding,0 8px);border-radius:inherit;background:#000;color:#fff;font:500 14px -apple-system,system-ui,sans-serif;white-space:nowrap}' +
    ':host([buttonstyle=white]) span{background:#fff;color:#000}' +
    ':host([buttonstyle=white-outline]) span{background:#fff;color:#000;border:1px solid #000}';
  class ApplePayButton extends HTMLElement {
    declare _face: HTMLSpanElement;
    declare _ownLabel: boolean;
    static get observedAttributes(): string[] {
      return ['buttonstyle', 'type', 'locale'];
    }
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      // A constructed sheet, as a page's Content-Security-Policy may refuse a <style> element (a browser without
      // constructed sheets shows the text unstyled).
      if ('adoptedStyleSheets' in root) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(buttonCss);
        root.adoptedStyleSheets = [sheet];
      }
      this._face = document.createElement('span');
      this._face.setAttribute('part', 'button');
      root.appendChild(this._face);
      this._ownLabel = false;
      // Keyboard: Enter on keydown and Space on keyup activate it, as a native button.
      this.addEventListener('keydown', function (this: HTMLElement, event: KeyboardEvent) {
        if (event.key === 'Enter' || event.key === ' ') event.preventDefault();
        if (event.key === 'Enter' && !event.repeat) this.click();
      });
      this.addEventListener('keyup', function (this: HTMLElement, event: KeyboardEvent) {
        if (event.key === ' ') this.click();
      });
    }
    connectedCallback(): void {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'button');
      if (!this.hasAttribute('tabindex')) this.setAttribute('tabindex', '0');
      // The page's own aria-label is kept; else the button is named by what it says.
      if (!this.hasAttribute('aria-label')) this._ownLabel = true;
      this._render();
    }
    attributeChangedCallback(): void {
      this._render();
    }
    _render(): void {
      const label = buttonLabel(this.getAttribute('type'));
      this._face.textContent = label;
      this._face.lang = this.getAttribute('locale') || '';
      if (this._ownLabel && this.isConnected) this.setAttribute('aria-label', label);
    }
  }
  const registry = (window as Partial<Window>).customElements;
  if (registry && !registry.get('apple-pay-button')) registry.define('apple-pay-button', ApplePayButton);
}
