import type { DashboardData } from './dashboard-data.js';

// What the dashboard's script (`./dashboard-app.ts`) and its parts share (types only).

/** A child `el` appends: a node, or a text. */
export type Child = Node | string;

/** `el`'s attributes, `text` its text and a function its click handler. */
export type Props = Record<string, string | ((event: Event) => void)>;

/** The dashboard's sections, each drawn into its container from the data. */
export type Sections = Record<'challenges' | 'payments' | 'subscriptions' | 'customers' | 'instruments' | 'events' | 'deliveries', (container: HTMLElement, data: DashboardData) => void>;

/** The dashboard on its page: where its data is, the routes of its actions, what each section last drew. */
export interface DashboardApp {
  dataPath: string;
  /** Where the tab keeps the secret key (`sessionStorage`). */
  storageKey: string;
  routes: DashboardData['routes'];
  /** Each section's data as last drawn (JSON): a refresh redraws only what changed. */
  drawn: Map<string, string>;
  refreshing: boolean;
}
