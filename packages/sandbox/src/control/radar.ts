import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { RadarDeviceSessionRecord, RadarSessionRecord } from '../service/radar-sessions.js';
import type { ControlTransport } from './transport.js';

/** What the radar checks of a running sandbox collected (`GET /sandbox/radar-sessions`). */
export interface RemoteRadar {
  /** The radar sessions the merchant saved, and what the stand-in scripts collected in the page. */
  sessions(): Promise<{ radarSessions: RadarSessionRecord[]; deviceSessions: RadarDeviceSessionRecord[] }>;
}

/** The radar helper of `connectSandbox`. */
export function remoteRadar(transport: ControlTransport): RemoteRadar {
  return { sessions: () => transport.request('GET', sandboxRoutes.listRadarSessions) };
}
