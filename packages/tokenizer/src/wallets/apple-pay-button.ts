/**
 * The Apple Pay button element, as wide as its container: Apple's own `<apple-pay-button>` when Apple Pay JS defined
 * it, else Safari's CSS button; named by what it says (`buy` → "Buy with Apple Pay").
 */
export function applePayButtonElement(buttonType: string, buttonStyle: string): HTMLElement {
  const element = document.createElement(customElements.get('apple-pay-button') ? 'apple-pay-button' : 'button');
  if (element.localName === 'button') element.setAttribute('style', `-webkit-appearance:-apple-pay-button;-apple-pay-button-type:${buttonType};-apple-pay-button-style:${buttonStyle};display:inline-block;width:100%;min-height:40px`);
  else {
    for (const [name, value] of Object.entries({ buttonstyle: buttonStyle, type: buttonType, locale: document.documentElement.lang || 'en-US' })) element.setAttribute(name, value);
    // Apple's element is sized by its CSS properties (default 100 × 30 px): as wide as its container, as the CSS
    // button and Google's are. Set through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' allows.
    element.style.cssText = '--apple-pay-button-width:100%;--apple-pay-button-height:40px;display:block';
  }
  // Named by what it says ('buy' → "Buy with Apple Pay"), so the name holds the visible text (WCAG 2.5.3).
  const verb = buttonType === 'set-up' ? 'Set up' : `${buttonType.charAt(0).toUpperCase()}${buttonType.slice(1).replace(/-/g, ' ')} with`;
  element.setAttribute('aria-label', buttonType === 'plain' || !buttonType ? 'Apple Pay' : `${verb} Apple Pay`);
  return element;
}
