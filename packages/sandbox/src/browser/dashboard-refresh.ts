import type { DashboardData } from './dashboard-data.js';
import type * as actions from './dashboard-actions.js';
import type * as dom from './dashboard-dom.js';
import type * as drawing from './dashboard-sections.js';
import type { DashboardApp, Sections } from './dashboard-state.js';

// Parts of the dashboard's script (`./dashboard-app.ts`, served beside it): a refresh, which redraws only the
// sections whose data changed and puts back the focus and the open payloads of a redrawn section (keyed by
// `data-key`), so a keyboard or screen-reader user keeps their place.

declare const byId: typeof dom.byId;
declare const time: typeof dom.time;
declare const say: typeof actions.say;
declare const dashboardSections: typeof drawing.dashboardSections;

/** Redraws one section (`draw`), keeping what the person was doing in it: the focused control and the open payloads. */
export function redraw(draw: Sections[keyof Sections], container: HTMLElement, data: DashboardData): void {
  const focused = document.activeElement !== null && container.contains(document.activeElement) ? document.activeElement.getAttribute('data-key') : null;
  const open = new Set([...container.querySelectorAll('details[open]')].map((details) => details.getAttribute('data-key')));
  container.replaceChildren();
  draw(container, data);
  for (const details of container.querySelectorAll<HTMLDetailsElement>('details[data-key]')) if (open.has(details.getAttribute('data-key'))) details.open = true;
  if (focused !== null) container.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

/** Shows `data`: the clock, and each section whose data changed. */
export function render(app: DashboardApp, data: DashboardData): void {
  app.routes = data.routes;
  byId('now').replaceChildren(time(data.now));
  const sections = dashboardSections(app);
  for (const name of Object.keys(sections) as (keyof Sections)[]) {
    const shown = JSON.stringify(data[name]);
    if (app.drawn.get(name) === shown) continue;
    app.drawn.set(name, shown);
    redraw(sections[name], byId(name), data);
  }
}

/** Reads the data and renders it (one read at a time). */
export async function refresh(app: DashboardApp): Promise<void> {
  if (app.refreshing) return;
  app.refreshing = true;
  try {
    const response = await fetch(app.dataPath, { cache: 'no-store' });
    if (!response.ok) {
      say(`The sandbox answered ${response.status}`);
      return;
    }
    render(app, (await response.json()) as DashboardData);
  } finally {
    app.refreshing = false;
  }
}
