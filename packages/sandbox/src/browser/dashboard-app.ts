import type { DashboardChallenge, DashboardData } from './dashboard-data.js';

/**
 * The dashboard's script (`GET /sandbox/dashboard/app.js`): reads the data, renders with DOM calls (no innerHTML),
 * sends actions with the key. A refresh redraws only the sections whose data changed, and puts back the focus and
 * the open payloads of a redrawn section (keyed by `data-key`), so a keyboard or screen-reader user keeps their place.
 *
 * Runs in the page, not here: the sandbox serves its source (`dashboardApp.toString()`, called with `dataPath`), so
 * it must use nothing but its parameter and the browser's globals (type imports only; its browser test runs it).
 */
export function dashboardApp(dataPath: string): void {
  'use strict';
  const KEY = 'tessera-sandbox-key';
  type Child = Node | string;
  type Props = Record<string, string | ((event: Event) => void)>;
  type Sections = Record<'challenges' | 'payments' | 'subscriptions' | 'customers' | 'instruments' | 'events' | 'deliveries', (container: HTMLElement, data: DashboardData) => void>;
  const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
  let routes: DashboardData['routes'] = { advanceClock: '', resend: '', challenge: '' };
  const drawn = new Map<string, string>();

  function el(tag: string, props: Props = {}, children: Child[] = []): HTMLElement {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props)) {
      if (typeof value === 'function') node.addEventListener('click', value);
      else if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  }
  const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));
  const statusCell = (status: string) => el('td', { class: `status status-${status}`, text: status });
  const readable = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  // A date a person reads ("29 Nov 2026, 01:20:03 UTC"), the machine's in datetime.
  const time = (iso: string | null): Node => {
    if (iso === null || Number.isNaN(Date.parse(iso))) return document.createTextNode(text(iso));
    return el('time', { datetime: iso, text: `${readable.format(new Date(iso))} UTC` });
  };

  function table(container: HTMLElement, caption: string, headings: string[], rows: HTMLElement[]): void {
    if (rows.length === 0) {
      container.append(el('p', { class: 'empty', text: 'None yet.' }));
      return;
    }
    const head = el('tr', {}, headings.map((heading) => el('th', { scope: 'col', text: heading })));
    // Wide tables scroll inside their own box (focusable, so a keyboard can scroll it), never the page.
    container.append(el('div', { class: 'scroll', role: 'region', 'aria-label': caption, tabindex: '0' }, [el('table', {}, [el('thead', {}, [head]), el('tbody', {}, rows)])]));
  }
  const list = (items: Child[][]) => el('ol', {}, items.map((item) => el('li', {}, item)));
  const payload = (eventId: string, value: unknown) =>
    el('details', { 'data-key': `payload-${eventId}` }, [
      el('summary', { 'aria-label': `Payload of event ${eventId}`, text: 'payload' }),
      el('pre', { tabindex: '0', 'aria-label': `Payload of event ${eventId}`, text: JSON.stringify(value, null, 2) }),
    ]);
  const button = (key: string, label: string, name: string, onclick: () => void) =>
    el('button', { type: 'button', class: key.split('-')[0] ?? '', 'data-key': key, 'aria-label': name, text: label, onclick });

  function say(message: string, ok = false): void {
    $('message').textContent = message;
    $('message').className = ok ? 'ok' : '';
  }

  function keyState(): void {
    const has = sessionStorage.getItem(KEY) !== null;
    $('key-state').textContent = has ? 'Secret key kept for this tab' : 'No key given: actions are refused';
  }

  async function act(path: string, body: unknown, done: string): Promise<void> {
    const key = sessionStorage.getItem(KEY);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers.authorization = `Bearer ${key}`;
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
    const answer = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    if (!response.ok) {
      say(`Refused (${response.status}): ${text(answer.message ?? answer.code)}${response.status === 401 ? ' (enter the secret key)' : ''}`);
      return;
    }
    say(done, true);
    await refresh();
  }

  const settle = (challenge: DashboardChallenge, outcome: 'approve' | 'fail', done: string) =>
    void act(routes.challenge.replace('{id}', encodeURIComponent(challenge.acsTransactionId)), { outcome }, done);

  const sections: Sections = {
    challenges: (container, data) => {
      if (data.challenges.length === 0) {
        container.append(el('p', { class: 'empty', text: 'None waiting.' }));
        return;
      }
      container.append(el('ul', { class: 'challenge-list' }, data.challenges.map((challenge) => {
        const abandoned = challenge.abandonedAt !== null;
        const what = `challenge for payment ${challenge.paymentId}`;
        return el('li', { class: `challenge${abandoned ? ' abandoned' : ''}`, 'data-payment': challenge.paymentId }, [
          el('span', { text: challenge.paymentId }),
          el('span', { text: challenge.amount }),
          abandoned
            ? el('span', { class: 'badge' }, ['Abandoned by the customer ', time(challenge.abandonedAt), ' (they were told they were not charged)'])
            : el('span', {}, ['Waiting since ', time(challenge.createdAt)]),
          el('span', { class: 'actions' }, [
            ...(abandoned ? [] : [button(`approve-${challenge.paymentId}`, 'Approve', `Approve ${what}`, () => settle(challenge, 'approve', `Challenge for ${challenge.paymentId} approved`))]),
            button(`fail-${challenge.paymentId}`, 'Fail', `Fail ${what}`, () => settle(challenge, 'fail', `Challenge for ${challenge.paymentId} failed`)),
          ]),
        ]);
      })));
    },
    payments: (container, data) => table(container, 'Payments', ['Payment', 'Amount', 'Status', 'Timeline', 'Attempts', 'Ledger'], data.payments.map((payment) => el('tr', { id: `payment-${payment.id}` }, [
      el('td', {}, [el('div', { text: payment.id }), el('small', { text: payment.mode + (payment.subscriptionId ? ` · ${payment.subscriptionId}` : '') })]),
      el('td', { text: payment.amount }),
      statusCell(payment.status),
      el('td', { class: 'timeline' }, [list(payment.timeline.map((step) => [time(step.at), ` ${step.type}`]))]),
      el('td', { class: 'attempts' }, [list(payment.attempts.map((attempt) => [`${attempt.processorType} ${attempt.processorId}: ${attempt.outcome}`]))]),
      el('td', { class: 'ledger' }, [list(payment.ledger.map((entry) => [`${entry.kind} ${entry.amount} (${entry.id}) `, time(entry.at)]))]),
    ]))),
    subscriptions: (container, data) => table(container, 'Subscriptions', ['Subscription', 'Customer', 'Amount', 'Every', 'Status', 'Renewals', 'Period ends'], data.subscriptions.map((s) => el('tr', {}, [
      el('td', { text: s.id }), el('td', { text: s.customerId }), el('td', { text: s.amount }), el('td', { text: s.interval }), statusCell(s.status), el('td', { text: String(s.renewals) }), el('td', {}, [time(s.currentPeriodEnd)]),
    ]))),
    customers: (container, data) => table(container, 'Customers', ['Customer', 'Name', 'Email', 'Store', 'Created'], data.customers.map((c) => el('tr', {}, [
      el('td', { text: c.id }), el('td', { text: c.name }), el('td', { text: text(c.email) }), el('td', { text: c.storeId }), el('td', {}, [time(c.createdAt)]),
    ]))),
    instruments: (container, data) => table(container, 'Instruments', ['Instrument', 'Customer', 'Brand', 'Card', 'Expiry'], data.instruments.map((i) => el('tr', {}, [
      el('td', { text: i.id }), el('td', { text: i.customerId }), el('td', { text: text(i.brand) }), el('td', { text: i.last4 ? `•••• ${i.last4}` : '' }), el('td', { text: text(i.expiry) }),
    ]))),
    events: (container, data) => table(container, 'Events', ['Event', 'Type', 'Created', 'Payload', 'Action'], data.events.map((event) => el('tr', {}, [
      el('td', { text: event.id }), el('td', { text: event.type }), el('td', {}, [time(event.createdAt)]), el('td', {}, [payload(event.id, event.payload)]),
      el('td', {}, [button(`resend-${event.id}`, 'Resend', `Resend event ${event.id}`, () => void act(routes.resend.replace('{id}', encodeURIComponent(event.id)), {}, `Event ${event.id} sent again`))]),
    ]))),
    deliveries: (container, data) => table(container, 'Webhook deliveries', ['Event', 'Endpoint', 'Status', `Attempts (answer, ${data.deliveries[0]?.signatureHeader ?? 'signature'})`], data.deliveries.map((d) => el('tr', {}, [
      el('td', { text: `${d.eventId} ${d.eventType}${d.reason ? ` (${d.reason})` : ''}` }), el('td', { text: `${d.endpointId} ${d.url}` }), statusCell(d.status),
      el('td', {}, [list(d.attempts.map((a) => [`#${a.attempt} `, time(a.at), ` → ${text(a.status ?? a.error)} in ${a.durationMs} ms; ${text(a.signature)}`]))]),
    ]))),
  };

  // Redraws one section, keeping what the person was doing in it: the focused control and the open payloads.
  function redraw(name: keyof Sections, container: HTMLElement, data: DashboardData): void {
    const focused = document.activeElement !== null && container.contains(document.activeElement) ? document.activeElement.getAttribute('data-key') : null;
    const open = new Set([...container.querySelectorAll('details[open]')].map((details) => details.getAttribute('data-key')));
    container.replaceChildren();
    sections[name](container, data);
    for (const details of container.querySelectorAll<HTMLDetailsElement>('details[data-key]')) if (open.has(details.getAttribute('data-key'))) details.open = true;
    if (focused !== null) container.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  }

  function render(data: DashboardData): void {
    routes = data.routes;
    $('now').replaceChildren(time(data.now));
    for (const name of Object.keys(sections) as (keyof Sections)[]) {
      const shown = JSON.stringify(data[name]);
      if (drawn.get(name) === shown) continue;
      drawn.set(name, shown);
      redraw(name, $(name), data);
    }
  }

  let refreshing = false;
  async function refresh(): Promise<void> {
    if (refreshing) return;
    refreshing = true;
    try {
      const response = await fetch(dataPath, { cache: 'no-store' });
      if (!response.ok) {
        say(`The sandbox answered ${response.status}`);
        return;
      }
      render((await response.json()) as DashboardData);
    } finally {
      refreshing = false;
    }
  }

  $('set-key').addEventListener('click', () => $<HTMLDialogElement>('key-dialog').showModal());
  $('key-form').addEventListener('submit', () => {
    const input = $<HTMLInputElement>('key-input');
    const value = input.value.trim();
    if (value !== '') sessionStorage.setItem(KEY, value);
    input.value = '';
    keyState();
  });
  $('forget-key').addEventListener('click', () => {
    sessionStorage.removeItem(KEY);
    keyState();
  });
  $('advance').addEventListener('click', () => void act(routes.advanceClock, { ms: Number($<HTMLSelectElement>('advance-by').value) }, 'Clock advanced'));
  keyState();
  void refresh();
  setInterval(() => void refresh(), 3000);
}
