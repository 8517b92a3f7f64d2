/** A native, labelled cardholder-name input that card fields add to a container, and remove again. */
export interface CardholderNameInput {
  readonly input: HTMLInputElement;
  /** The name as typed, trimmed. */
  value(): string;
  remove(): void;
}

let count = 0;

/**
 * The cardholder name is not card data (PCI DSS protects it only with the number; Stripe collects it on the merchant
 * page too), and Basis Theory's token metadata is typed `Record<string, string>`, which cannot carry an element. So it
 * is a native `<input autocomplete="cc-name">` Tessera creates in the page, sent as `metadata.cardholder_name` like
 * `tokenizeCard` sends it. Its error is the container's (`field-container.ts`), like every field's.
 */
export function createCardholderNameInput(container: Element, label: string, placeholder: string | undefined): CardholderNameInput {
  const id = `tessera-cardholder-name-${++count}`;
  const labelElement = Object.assign(document.createElement('label'), { htmlFor: id, textContent: label });
  const input = Object.assign(document.createElement('input'), { id, type: 'text', name: 'cardholder-name', autocomplete: 'cc-name', maxLength: 100, required: true, spellcheck: false });
  if (placeholder) input.placeholder = placeholder;
  container.append(labelElement, input);
  return {
    input,
    value: () => input.value.trim(),
    remove() {
      labelElement.remove();
      input.remove();
    },
  };
}
