import type { DashboardChallenge } from './dashboard-data.js';
import type * as dom from './dashboard-dom.js';
import type * as refreshing from './dashboard-refresh.js';
import type { DashboardApp } from './dashboard-state.js';

// Parts of the dashboard's script (`./dashboard-app.ts`, served beside it): its actions, sent with the secret key the
// tab keeps, and what it says of them.

declare const byId: typeof dom.byId;
declare const text: typeof dom.text;
declare const refresh: typeof refreshing.refresh;

/** Says `message` (`ok` for a success). */
export function say(message: string, ok = false): void {
  byId('message').textContent = message;
  byId('message').className = ok ? 'ok' : '';
}

/** Says whether the tab keeps a key. */
export function keyState(app: DashboardApp): void {
  const has = sessionStorage.getItem(app.storageKey) !== null;
  byId('key-state').textContent = has ? 'Secret key kept for this tab' : 'No key given: actions are refused';
}

/** Posts an action with the key; says `done` and refreshes, or why it was refused. */
export async function act(app: DashboardApp, path: string, body: unknown, done: string): Promise<void> {
  const key = sessionStorage.getItem(app.storageKey);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const answer = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (!response.ok) {
    say(`Refused (${response.status}): ${text(answer.message ?? answer.code)}${response.status === 401 ? ' (enter the secret key)' : ''}`);
    return;
  }
  say(done, true);
  await refresh(app);
}

/** Approves or fails a 3DS challenge. */
export function settle(app: DashboardApp, challenge: DashboardChallenge, outcome: 'approve' | 'fail', done: string): void {
  void act(app, app.routes.challenge.replace('{id}', encodeURIComponent(challenge.acsTransactionId)), { outcome }, done);
}
