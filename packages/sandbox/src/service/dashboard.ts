import { formatAmount, WEBHOOK_SIGNATURE_HEADER } from '@tessera/core';
import type { RouteResult } from '../http/answer.js';
import type { SandboxContext } from '../state/context.js';
import { customers } from './customers.js';
import { instruments } from './instruments.js';
import { ledger, movementsOf } from '../state/ledger.js';
import { challenges, payments } from './lifecycle.js';
import { type Ordered, pageOf, positionsBy, walk } from '../state/ordered.js';
import { sandboxRoutes } from '../http/sandbox-routes.js';
import { subscriptions } from './subscriptions.js';
import { webhookDeliveries, webhookEvents } from './webhooks.js';

/** The most records of each kind the dashboard lists (newest first). */
export const DASHBOARD_LIMIT = 100;

/**
 * The dashboard's page and its files: same origin only, no inline script or style (its script and style sheet are
 * files the sandbox serves), no frame, no form posted anywhere.
 */
export const dashboardCsp = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const securityHeaders = { 'content-security-policy': dashboardCsp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };

// Keys never shown, at any depth of a payload: a card number, a CVC, a key or a secret.
const hiddenKey = /^(?:number|card_?number|pan|cvc|cvv|cvc2|security_?code|api_?key|secret|password|authorization)$/i;

/** A copy of `value` without {@link hiddenKey} keys, and with any run of 13 to 19 digits masked (a card number). */
export function scrub(value: unknown): unknown {
  if (typeof value === 'string') return /\d{13,19}/.test(value) ? value.replace(/\d{13,19}/g, (digits) => `••••${digits.slice(-4)}`) : value;
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !hiddenKey.test(key))
      .map(([key, item]) => [key, scrub(item)]),
  );
}

const newestFirst = <T>(records: Ordered<T>): T[] => pageOf(walk(records, {}), 0, DASHBOARD_LIMIT);

const paymentIdOf = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const nested = record.payment as Record<string, unknown> | undefined;
  const id = record.paymentId ?? nested?.id ?? record.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * What the dashboard shows, as JSON (`GET /sandbox/dashboard/data`): masked card facts only (brand, last4, expiry),
 * never a card number, a CVC, a key or an endpoint's secret.
 */
export function dashboardView(ctx: SandboxContext): Record<string, unknown> {
  const events = webhookEvents.of(ctx);
  // A payment's events by an index kept as events are added: the page costs what it shows, not every event.
  const timelineOf = (paymentId: string) =>
    positionsBy(events, 'dashboardPaymentId', (event) => (event.type.startsWith('payment') ? paymentIdOf(event.data) : undefined), paymentId).map((position) => {
      const event = events[position]!;
      return { at: event.createdAt, type: event.type, eventId: event.id };
    });
  const entries = ledger.of(ctx);
  const waiting = [...challenges.of(ctx).entries()].flatMap(([acsTransactionId, paymentId]) => {
    const payment = payments.of(ctx).get(paymentId);
    if (payment?.status !== 'pending' || payment.requireActionData?.type !== 'threeds_auth') return [];
    return [{ acsTransactionId, paymentId, amount: formatAmount(payment.amount, payment.currency), createdAt: payment.createdAt }];
  });
  return {
    now: ctx.clock.now().toISOString(),
    payments: newestFirst(payments.of(ctx)).map((payment) => ({
      id: payment.id,
      amount: formatAmount(payment.amount, payment.currency),
      status: payment.status,
      subStatus: payment.subStatus,
      mode: payment.mode,
      requireAction: payment.requireActionData?.type ?? null,
      storeId: payment.storeId,
      customerId: payment.customerId,
      paymentInstrumentId: payment.paymentInstrumentId,
      subscriptionId: payment.subscriptionId ?? null,
      createdAt: payment.createdAt,
      timeline: [{ at: payment.createdAt, type: 'created', eventId: null }, ...timelineOf(payment.id)],
      attempts: payment.attempts.map(({ processorId, processorType, outcome }) => ({ processorId, processorType, outcome })),
      ledger: movementsOf(entries, payment.id).map(({ id, kind, amount, currency, at }) => ({ id, kind, amount: formatAmount(amount, currency), at })),
    })),
    challenges: waiting,
    customers: newestFirst(customers.of(ctx)).map((customer) => ({
      id: customer.id,
      storeId: customer.storeId,
      email: customer.email ?? null,
      name: [customer.firstName, customer.lastName].filter((part) => typeof part === 'string' && part !== '').join(' '),
      createdAt: customer.createdAt,
    })),
    instruments: newestFirst(instruments.of(ctx)).map((instrument) => ({
      id: instrument.id,
      customerId: instrument.customerId,
      type: instrument.type,
      // Masked card facts only: brand, last4, expiry (never the number or the CVC, which the sandbox does not keep).
      brand: instrument.card.brand ?? null,
      last4: instrument.card.last4 ?? null,
      expiry: instrument.card.expMonth !== undefined && instrument.card.expYear !== undefined ? `${String(instrument.card.expMonth).padStart(2, '0')}/${instrument.card.expYear}` : null,
      isActive: instrument.isActive,
    })),
    subscriptions: newestFirst(subscriptions.of(ctx)).map((subscription) => ({
      id: subscription.id,
      customerId: subscription.customerId,
      amount: formatAmount(subscription.amount, subscription.currency),
      interval: `${subscription.intervalCount} ${subscription.interval}`,
      status: subscription.status,
      renewals: subscription.renewals,
      currentPeriodEnd: subscription.currentPeriodEnd,
    })),
    events: newestFirst(events).map((event) => ({ id: event.id, type: event.type, storeId: event.storeId, createdAt: event.createdAt, payload: scrub(event.data) })),
    deliveries: newestFirst(webhookDeliveries.of(ctx)).map((delivery) => ({
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      endpointId: delivery.endpointId,
      url: delivery.url,
      status: delivery.status,
      lastStatus: delivery.lastStatus ?? null,
      reason: delivery.reason ?? null,
      signatureHeader: WEBHOOK_SIGNATURE_HEADER,
      attempts: delivery.history.map(({ attempt, at, status, error, durationMs, signature }) => ({ attempt, at, status, error: error ?? null, durationMs, signature: signature ?? null })),
    })),
    routes: { advanceClock: sandboxRoutes.advanceClock, resend: sandboxRoutes.resendWebhookEvent, challenge: sandboxRoutes.completeDashboardChallenge },
  };
}

/** `GET /sandbox/dashboard`: the page (its script and style sheet are files beside it). */
export function dashboardPage(): RouteResult {
  return { html: dashboardHtml, headers: securityHeaders };
}

/** `GET /sandbox/dashboard/data`: {@link dashboardView}. */
export function dashboardData(ctx: SandboxContext): RouteResult {
  return { json: dashboardView(ctx), headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } };
}

const dashboardHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tessera Sandbox</title>
<link rel="stylesheet" href="${sandboxRoutes.dashboardStyles}">
<script type="module" src="${sandboxRoutes.dashboardScript}"></script>
</head><body>
<header><h1>Tessera Sandbox</h1>
<div id="clock"><span>Test clock: <strong id="now">…</strong></span>
<label>Advance by <select id="advance-by"><option value="3600000">1 hour</option><option value="86400000">1 day</option><option value="2678400000" selected>31 days</option></select></label>
<button id="advance" type="button">Advance</button></div>
<div id="key"><span id="key-state">No key given: actions are refused</span> <button id="set-key" type="button">Enter secret key</button> <button id="forget-key" type="button">Forget key</button></div>
<p id="message" role="status"></p>
</header>
<main>
<section><h2>Challenges waiting for the customer</h2><div id="challenges"></div></section>
<section><h2>Payments</h2><div id="payments"></div></section>
<section><h2>Subscriptions</h2><div id="subscriptions"></div></section>
<section><h2>Customers</h2><div id="customers"></div></section>
<section><h2>Instruments</h2><div id="instruments"></div></section>
<section><h2>Events</h2><div id="events"></div></section>
<section><h2>Webhook deliveries</h2><div id="deliveries"></div></section>
</main>
<dialog id="key-dialog"><form id="key-form" method="dialog"><label>Secret key <input id="key-input" type="password" autocomplete="off" required></label>
<button type="submit">Keep for this tab</button></form></dialog>
</body></html>`;

/** The dashboard's style sheet (`GET /sandbox/dashboard/app.css`). */
export const dashboardStyles = `body{font:14px system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{position:sticky;top:0;background:#fff;border-bottom:1px solid #dde;padding:.75rem 1.5rem;z-index:1}
h1{font-size:1.25rem;margin:0 0 .5rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
main{padding:0 1.5rem 2rem}#clock,#key{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap;margin:.25rem 0}
button{font:inherit;padding:.3rem .8rem;border:1px solid #99a;border-radius:4px;background:#fff;cursor:pointer}button:hover{background:#eef}
table{border-collapse:collapse;width:100%;background:#fff;margin-bottom:.5rem}th,td{border:1px solid #dde;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#eef0f4}.status{font-weight:600}.status-succeeded,.status-delivered{color:#0a7a32}.status-pending{color:#a66300}
.status-failed,.status-declined{color:#b3261e}pre{margin:0;max-height:12rem;overflow:auto;font-size:12px;white-space:pre-wrap;word-break:break-all}
ol,ul{margin:0;padding-left:1.2rem}#message{min-height:1.2em;margin:.25rem 0;color:#b3261e}#message.ok{color:#0a7a32}.empty{color:#667}
details summary{cursor:pointer}`;

/** The dashboard's script (`GET /sandbox/dashboard/app.js`): reads the data, renders with DOM calls (no innerHTML), sends actions with the key. */
export const dashboardScript = `const KEY = 'tessera-sandbox-key';
const $ = (id) => document.getElementById(id);
let routes = {};

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'text') node.textContent = value;
    else if (name === 'onclick') node.addEventListener('click', value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}
const text = (value) => (value === null || value === undefined ? '' : String(value));
const statusCell = (status) => el('td', { class: 'status status-' + text(status), text: text(status) });

function table(container, headings, rows) {
  container.replaceChildren();
  if (rows.length === 0) return container.append(el('p', { class: 'empty', text: 'None yet.' }));
  const head = el('tr', {}, headings.map((heading) => el('th', { text: heading })));
  container.append(el('table', {}, [el('thead', {}, [head]), el('tbody', {}, rows)]));
}
const list = (items) => el('ol', {}, items.map((item) => el('li', { text: item })));
const json = (value) => el('details', {}, [el('summary', { text: 'payload' }), el('pre', { text: JSON.stringify(value, null, 2) })]);

function say(message, ok = false) {
  $('message').textContent = message;
  $('message').className = ok ? 'ok' : '';
}

function keyState() {
  const has = sessionStorage.getItem(KEY) !== null;
  $('key-state').textContent = has ? 'Secret key kept for this tab' : 'No key given: actions are refused';
}

async function act(path, body, done) {
  const key = sessionStorage.getItem(KEY);
  const headers = { 'content-type': 'application/json' };
  if (key !== null) headers.authorization = 'Bearer ' + key;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    say('Refused (' + response.status + '): ' + text(answer.message ?? answer.code) + (response.status === 401 ? ' (enter the secret key)' : ''));
    return;
  }
  say(done, true);
  await refresh();
}

function render(data) {
  routes = data.routes;
  $('now').textContent = data.now;
  table($('challenges'), ['Payment', 'Amount', 'Since', ''], data.challenges.map((challenge) => el('tr', { 'data-payment': challenge.paymentId }, [
    el('td', { text: challenge.paymentId }), el('td', { text: challenge.amount }), el('td', { text: challenge.createdAt }),
    el('td', {}, [
      el('button', { type: 'button', class: 'approve', text: 'Approve', onclick: () => act(routes.challenge.replace('{id}', encodeURIComponent(challenge.acsTransactionId)), { outcome: 'approve' }, 'Challenge approved') }),
      el('button', { type: 'button', class: 'fail', text: 'Fail', onclick: () => act(routes.challenge.replace('{id}', encodeURIComponent(challenge.acsTransactionId)), { outcome: 'fail' }, 'Challenge failed') }),
    ]),
  ])));
  table($('payments'), ['Payment', 'Amount', 'Status', 'Timeline', 'Attempts', 'Ledger'], data.payments.map((payment) => el('tr', { id: 'payment-' + payment.id }, [
    el('td', {}, [el('div', { text: payment.id }), el('small', { text: payment.mode + (payment.subscriptionId ? ' · ' + payment.subscriptionId : '') })]),
    el('td', { text: payment.amount }),
    statusCell(payment.status),
    el('td', { class: 'timeline' }, [list(payment.timeline.map((step) => step.at + '  ' + step.type))]),
    el('td', { class: 'attempts' }, [list(payment.attempts.map((attempt) => attempt.processorType + ' ' + attempt.processorId + ': ' + attempt.outcome))]),
    el('td', { class: 'ledger' }, [list(payment.ledger.map((entry) => entry.kind + ' ' + entry.amount + ' (' + entry.id + ')'))]),
  ])));
  table($('subscriptions'), ['Subscription', 'Customer', 'Amount', 'Every', 'Status', 'Renewals', 'Period ends'], data.subscriptions.map((s) => el('tr', {}, [
    el('td', { text: s.id }), el('td', { text: s.customerId }), el('td', { text: s.amount }), el('td', { text: s.interval }), statusCell(s.status), el('td', { text: s.renewals }), el('td', { text: s.currentPeriodEnd }),
  ])));
  table($('customers'), ['Customer', 'Name', 'Email', 'Store', 'Created'], data.customers.map((c) => el('tr', {}, [
    el('td', { text: c.id }), el('td', { text: c.name }), el('td', { text: c.email }), el('td', { text: c.storeId }), el('td', { text: c.createdAt }),
  ])));
  table($('instruments'), ['Instrument', 'Customer', 'Brand', 'Card', 'Expiry'], data.instruments.map((i) => el('tr', {}, [
    el('td', { text: i.id }), el('td', { text: i.customerId }), el('td', { text: i.brand }), el('td', { text: i.last4 ? '•••• ' + i.last4 : '' }), el('td', { text: i.expiry }),
  ])));
  table($('events'), ['Event', 'Type', 'Created', 'Payload', ''], data.events.map((event) => el('tr', {}, [
    el('td', { text: event.id }), el('td', { text: event.type }), el('td', { text: event.createdAt }), el('td', {}, [json(event.payload)]),
    el('td', {}, [el('button', { type: 'button', class: 'resend', text: 'Resend', onclick: () => act(routes.resend.replace('{id}', encodeURIComponent(event.id)), {}, 'Event ' + event.id + ' sent again') })]),
  ])));
  table($('deliveries'), ['Event', 'Endpoint', 'Status', 'Attempts (answer, ' + (data.deliveries[0]?.signatureHeader ?? 'signature') + ')'], data.deliveries.map((d) => el('tr', {}, [
    el('td', { text: d.eventId + ' ' + d.eventType + (d.reason ? ' (' + d.reason + ')' : '') }), el('td', { text: d.endpointId + ' ' + d.url }), statusCell(d.status),
    el('td', {}, [list(d.attempts.map((a) => '#' + a.attempt + ' ' + a.at + ' → ' + (a.status ?? a.error) + ' in ' + a.durationMs + ' ms; ' + text(a.signature)))]),
  ])));
}

async function refresh() {
  const response = await fetch('${sandboxRoutes.dashboardData}', { cache: 'no-store' });
  if (!response.ok) return say('The sandbox answered ' + response.status);
  render(await response.json());
}

$('set-key').addEventListener('click', () => $('key-dialog').showModal());
$('key-form').addEventListener('submit', () => {
  const value = $('key-input').value.trim();
  if (value !== '') sessionStorage.setItem(KEY, value);
  $('key-input').value = '';
  keyState();
});
$('forget-key').addEventListener('click', () => {
  sessionStorage.removeItem(KEY);
  keyState();
});
$('advance').addEventListener('click', () => act(routes.advanceClock, { ms: Number($('advance-by').value) }, 'Clock advanced'));
keyState();
refresh();
setInterval(refresh, 3000);
`;
