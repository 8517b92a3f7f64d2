import { remoteChallenges, type RemoteChallenges } from './challenges.js';
import { remoteCheckout, type RemoteCheckout } from './checkout.js';
import { remoteClock, type RemoteClock, remoteTestClocks, type RemoteTestClocks } from './clocks.js';
import { remoteFaults, type RemoteFaults } from './faults.js';
import type { ServiceTokenHelpers } from '../emulations/service-token.js';
import { remoteRadar, type RemoteRadar } from './radar.js';
import { remoteServiceTokens } from './service-tokens.js';
import { remoteWebhooks, type RemoteWebhooks } from './webhooks.js';
import { type ConnectSandboxOptions, controlTransport } from './transport.js';

/**
 * A running sandbox (the `tessera-sandbox` CLI, or `startSandboxServer` in another process), driven over its
 * `/sandbox/*` helper routes with the secret key: what `createSandbox()` gives in code, for tests whose sandbox runs
 * out of process. One member per concern, each from its own file beside this one.
 */
export interface SandboxConnection extends ServiceTokenHelpers {
  /** The sandbox's origin (`http://localhost:4010`). */
  readonly baseUrl: string;
  /** Fault rules: `sandbox.faults`, over HTTP. */
  readonly faults: RemoteFaults;
  /** 3DS challenges approved or failed: `sandbox.challenges`, over HTTP. */
  readonly challenges: RemoteChallenges;
  /** Webhooks: trigger an event, register an endpoint, resend, read the delivery log (the CLI's `trigger`, `listen`, `resend`). */
  readonly webhooks: RemoteWebhooks;
  /** Checkout sessions paid as their customer would. */
  readonly checkout: RemoteCheckout;
  /** What the radar checks collected. */
  readonly radar: RemoteRadar;
  /** The sandbox's own clock: `sandbox.clock.advance`, over HTTP. */
  readonly clock: RemoteClock;
  /** Scoped test clocks: `sandbox.testClocks`, over HTTP. */
  readonly testClocks: RemoteTestClocks;
}

/**
 * Connects to a running sandbox at `baseUrl`, its origin as the CLI prints it (`http://localhost:4010`). Nothing is
 * sent until a method is called; a `baseUrl` that is not an http(s) origin is a `TesseraValidationError`.
 */
export function connectSandbox(baseUrl: string, options: ConnectSandboxOptions = {}): SandboxConnection {
  const transport = controlTransport(baseUrl, options);
  return {
    baseUrl: transport.baseUrl,
    ...remoteServiceTokens(transport),
    faults: remoteFaults(transport),
    challenges: remoteChallenges(transport),
    webhooks: remoteWebhooks(transport),
    checkout: remoteCheckout(transport),
    radar: remoteRadar(transport),
    clock: remoteClock(transport),
    testClocks: remoteTestClocks(transport),
  };
}
