import type * as actions from './dashboard-actions.js';
import type * as dom from './dashboard-dom.js';
import type * as refreshing from './dashboard-refresh.js';
import type { DashboardApp } from './dashboard-state.js';

declare const byId: typeof dom.byId;
declare const act: typeof actions.act;
declare const keyState: typeof actions.keyState;
declare const refresh: typeof refreshing.refresh;

/**
 * The dashboard's script (`GET /sandbox/dashboard/app.js`): reads the data, renders with DOM calls (no innerHTML),
 * sends actions with the key. A refresh redraws only the sections whose data changed, and puts back the focus and
 * the open payloads of a redrawn section (keyed by `data-key`), so a keyboard or screen-reader user keeps their place.
 *
 * Runs in the page, not here: the sandbox serves its source (`dashboardApp.toString()`, called with `dataPath`), so
 * it must use nothing but its parameter, its parts (the `./dashboard-*.ts` modules, served beside it by `servedScript`)
 * and the browser's globals (type imports only; its browser test runs it).
 */
export function dashboardApp(dataPath: string): void {
  'use strict';
  const app: DashboardApp = {
    dataPath,
    storageKey: 'tessera-sandbox-key',
    routes: { advanceClock: '', resend: '', challenge: '' },
    drawn: new Map<string, string>(),
    refreshing: false,
  };

  byId('set-key').addEventListener('click', () => byId<HTMLDialogElement>('key-dialog').showModal());
  byId('key-form').addEventListener('submit', () => {
    const input = byId<HTMLInputElement>('key-input');
    const value = input.value.trim();
    if (value !== '') sessionStorage.setItem(app.storageKey, value);
    input.value = '';
    keyState(app);
  });
  byId('forget-key').addEventListener('click', () => {
    sessionStorage.removeItem(app.storageKey);
    keyState(app);
  });
  byId('advance').addEventListener('click', () => void act(app, app.routes.advanceClock, { ms: Number(byId<HTMLSelectElement>('advance-by').value) }, 'Clock advanced'));
  keyState(app);
  void refresh(app);
  setInterval(() => void refresh(app), 3000);
}
