import type { Child, Props } from './dashboard-state.js';

// Parts of the dashboard's script (`./dashboard-app.ts`, served beside it): its DOM, built with DOM calls (no
// innerHTML), and the pieces its sections are made of.

/** The page's element `id`. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** An element `tag` with `props` (attributes, `text`, a click handler) and `children`. */
export function el(tag: string, props: Props = {}, children: Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') node.addEventListener('click', value);
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** `value` as text, null and undefined as nothing. */
export function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A status's cell, classed by it. */
export function statusCell(status: string): HTMLElement {
  return el('td', { class: `status status-${status}`, text: status });
}

/** A date a person reads ("29 Nov 2026, 01:20:03 UTC"), the machine's in datetime. */
export function time(iso: string | null): Node {
  if (iso === null || Number.isNaN(Date.parse(iso))) return document.createTextNode(text(iso));
  const readable = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  return el('time', { datetime: iso, text: `${readable.format(new Date(iso))} UTC` });
}

/** A table of `rows` (or "None yet."), in a box that scrolls on its own, named `caption`. */
export function table(container: HTMLElement, caption: string, headings: string[], rows: HTMLElement[]): void {
  if (rows.length === 0) {
    container.append(el('p', { class: 'empty', text: 'None yet.' }));
    return;
  }
  const head = el('tr', {}, headings.map((heading) => el('th', { scope: 'col', text: heading })));
  // Wide tables scroll inside their own box (focusable, so a keyboard can scroll it), never the page.
  container.append(el('div', { class: 'scroll', role: 'region', 'aria-label': caption, tabindex: '0' }, [el('table', {}, [el('thead', {}, [head]), el('tbody', {}, rows)])]));
}

/** An ordered list of `items`. */
export function list(items: Child[][]): HTMLElement {
  return el('ol', {}, items.map((item) => el('li', {}, item)));
}

/** An event's payload, folded. */
export function payload(eventId: string, value: unknown): HTMLElement {
  return el('details', { 'data-key': `payload-${eventId}` }, [
    el('summary', { 'aria-label': `Payload of event ${eventId}`, text: 'payload' }),
    el('pre', { tabindex: '0', 'aria-label': `Payload of event ${eventId}`, text: JSON.stringify(value, null, 2) }),
  ]);
}

/** An action's button, keyed (`data-key`) so a redraw can give it its focus back. */
export function button(key: string, label: string, name: string, onclick: () => void): HTMLElement {
  return el('button', { type: 'button', class: key.split('-')[0] ?? '', 'data-key': key, 'aria-label': name, text: label, onclick });
}
