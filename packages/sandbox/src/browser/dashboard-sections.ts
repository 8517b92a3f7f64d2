import type * as actions from './dashboard-actions.js';
import type * as dom from './dashboard-dom.js';
import type { DashboardApp, Sections } from './dashboard-state.js';

// A part of the dashboard's script (`./dashboard-app.ts`, served beside it): its sections, each drawn from the data.

declare const act: typeof actions.act;
declare const settle: typeof actions.settle;
declare const el: typeof dom.el;
declare const text: typeof dom.text;
declare const statusCell: typeof dom.statusCell;
declare const time: typeof dom.time;
declare const table: typeof dom.table;
declare const list: typeof dom.list;
declare const payload: typeof dom.payload;
declare const button: typeof dom.button;

/**
 * The sections: the 3DS challenges waiting (with Approve and Fail), payments (timeline, attempts, ledger),
 * subscriptions, customers, instruments, events (payload, Resend) and webhook deliveries.
 */
export function dashboardSections(app: DashboardApp): Sections {
  return {
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
            ...(abandoned ? [] : [button(`approve-${challenge.paymentId}`, 'Approve', `Approve ${what}`, () => settle(app, challenge, 'approve', `Challenge for ${challenge.paymentId} approved`))]),
            button(`fail-${challenge.paymentId}`, 'Fail', `Fail ${what}`, () => settle(app, challenge, 'fail', `Challenge for ${challenge.paymentId} failed`)),
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
      el('td', {}, [button(`resend-${event.id}`, 'Resend', `Resend event ${event.id}`, () => void act(app, app.routes.resend.replace('{id}', encodeURIComponent(event.id)), {}, `Event ${event.id} sent again`))]),
    ]))),
    deliveries: (container, data) => table(container, 'Webhook deliveries', ['Event', 'Endpoint', 'Status', `Attempts (answer, ${data.deliveries[0]?.signatureHeader ?? 'signature'})`], data.deliveries.map((d) => el('tr', {}, [
      el('td', { text: `${d.eventId} ${d.eventType}${d.reason ? ` (${d.reason})` : ''}` }), el('td', { text: `${d.endpointId} ${d.url}` }), statusCell(d.status),
      el('td', {}, [list(d.attempts.map((a) => [`#${a.attempt} `, time(a.at), ` → ${text(a.status ?? a.error)} in ${a.durationMs} ms; ${text(a.signature)}`]))]),
    ]))),
  };
}
