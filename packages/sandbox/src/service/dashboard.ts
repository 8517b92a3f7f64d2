import { formatAmount, WEBHOOK_SIGNATURE_HEADER } from '@tessera/core';
import type { RouteResult } from '../wire/answer.js';
import type { SandboxContext } from './context.js';
import { customers } from './customers.js';
import { instruments } from './instruments.js';
import { ledger, movementsOf } from '../state/ledger.js';
import { challenges, payments } from './payment-records.js';
import { abandonmentOf } from './abandoned-challenges.js';
import { type Ordered, pageOf, positionsBy, walk } from '../state/ordered.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { subscriptions } from './subscriptions.js';
import { webhookDeliveries, webhookEvents } from './webhooks.js';
import { dashboardApp } from '../browser/dashboard-app.js';
import type { DashboardData } from '../browser/dashboard-data.js';
import * as dashboardActions from '../browser/dashboard-actions.js';
import * as dashboardDom from '../browser/dashboard-dom.js';
import * as dashboardRefresh from '../browser/dashboard-refresh.js';
import * as dashboardSections from '../browser/dashboard-sections.js';
import { servedScript } from '../browser/served-source.js';

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
export function dashboardView(ctx: SandboxContext): DashboardData {
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
    // A challenge the customer left (modal closed: they were told they were not charged) is shown as abandoned, not offered.
    const abandonedAt = abandonmentOf(ctx, acsTransactionId)?.abandonedAt ?? null;
    return [{ acsTransactionId, paymentId, amount: formatAmount(payment.amount, payment.currency), createdAt: payment.createdAt, abandonedAt }];
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
<button id="advance" type="button">Advance the clock</button></div>
<div id="key"><span id="key-state">No key given: actions are refused</span> <button id="set-key" type="button">Enter secret key</button> <button id="forget-key" type="button">Forget key</button></div>
<p id="message" role="status"></p>
</header>
<main>
<section aria-labelledby="h-challenges"><h2 id="h-challenges">3DS challenges</h2><div id="challenges"></div></section>
<section aria-labelledby="h-payments"><h2 id="h-payments">Payments</h2><div id="payments"></div></section>
<section aria-labelledby="h-subscriptions"><h2 id="h-subscriptions">Subscriptions</h2><div id="subscriptions"></div></section>
<section aria-labelledby="h-customers"><h2 id="h-customers">Customers</h2><div id="customers"></div></section>
<section aria-labelledby="h-instruments"><h2 id="h-instruments">Instruments</h2><div id="instruments"></div></section>
<section aria-labelledby="h-events"><h2 id="h-events">Events</h2><div id="events"></div></section>
<section aria-labelledby="h-deliveries"><h2 id="h-deliveries">Webhook deliveries</h2><div id="deliveries"></div></section>
</main>
<dialog id="key-dialog" aria-labelledby="key-title"><h2 id="key-title">Secret key</h2><form id="key-form" method="dialog"><label>Secret key <input id="key-input" type="password" autocomplete="off" required></label>
<button type="submit">Keep for this tab</button></form></dialog>
</body></html>`;

/** The dashboard's style sheet (`GET /sandbox/dashboard/app.css`): fits a 320 px window (wide tables scroll in their own box). */
export const dashboardStyles = `*,*::before,*::after{box-sizing:border-box}
body{font:14px system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}header,.challenge,.empty{overflow-wrap:anywhere}
header{position:sticky;top:0;background:#fff;border-bottom:1px solid #dde;padding:.75rem 1.5rem;z-index:1}
h1{font-size:1.25rem;margin:0 0 .5rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
main{padding:0 1.5rem 2rem}#clock,#key{display:flex;gap:.5rem .75rem;align-items:center;flex-wrap:wrap;margin:.25rem 0}
button,select,input{font:inherit}button{padding:.3rem .8rem;border:1px solid #6b6b80;border-radius:4px;background:#fff;color:#1d2330;cursor:pointer;min-height:24px}button:hover{background:#eef}
:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.scroll{overflow-x:auto;max-width:100%;margin-bottom:.5rem}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #dde;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#eef0f4}.status{font-weight:600}.status-succeeded,.status-delivered{color:#0a6b2c}.status-pending{color:#8a4f00}
.status-failed,.status-declined{color:#b3261e}pre{margin:0;max-height:12rem;min-width:16rem;max-width:32rem;overflow:auto;font-size:12px;white-space:pre-wrap;word-break:break-all}
ol,ul{margin:0;padding-left:1.2rem}#message{min-height:1.2em;margin:.25rem 0;color:#b3261e}#message.ok{color:#0a6b2c}.empty{color:#595966}
details summary{cursor:pointer}td time{white-space:nowrap}
.challenge-list{list-style:none;padding:0;display:grid;gap:.5rem}.challenge{background:#fff;border:1px solid #dde;border-radius:6px;padding:.5rem .75rem;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center}
.challenge .actions{display:flex;gap:.5rem;flex-wrap:wrap}.challenge.abandoned{border-style:dashed}.badge{font-weight:600;color:#8a4f00}
@media (max-width:600px){header{position:static;padding:.5rem .75rem}main{padding:0 .75rem 1.5rem}}`;

/**
 * The dashboard's script (`GET /sandbox/dashboard/app.js`): `dashboardApp` (`../browser/dashboard-app.ts`) with its
 * parts (`../browser/dashboard-*.ts`), called with the data's path.
 */
export const dashboardScript = servedScript(dashboardApp, [dashboardActions, dashboardDom, dashboardRefresh, dashboardSections], sandboxRoutes.dashboardData);
