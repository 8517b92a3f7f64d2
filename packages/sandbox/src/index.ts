// The public surface: what users call or type. Plumbing the sibling packages and tests need is in `./internal`
// (`@tessera/sandbox/internal`), not covered by semver.
export { type ClockMode, type TestClock } from './clock.js';
export { type FaultDecision, type FaultKind, type FaultRule, type FiredFault, type SandboxFaults } from './faults.js';
export { SANDBOX_API_KEY } from './keys.js';
export { MINIMUM_NODE_VERSION } from './node-version.js';
export { MINIMUM_NODE_VERSION_FOR_DATA_FILE, SandboxDataFileError, type SandboxDataFileProblem } from './persistence.js';
export { type ListView, type RecordView, type SandboxRecords } from './records.js';
export { type RouteOverride, type RouteOverrides, type SandboxRouteRequest, type SandboxRouteResult } from './override.js';
export { type RouteName } from './route-name.js';
export { createSandbox, type Sandbox, type SandboxDefaults, type SandboxOptions } from './sandbox.js';
export { sandboxRoutes, type SandboxRouteName } from './sandbox-routes.js';
export { startSandboxServer, type SandboxRequestLogEntry, type SandboxServer, type SandboxServerOptions } from './server.js';
export { testCards, type CustomerActionOutcome, type TestCardOutcome } from './test-cards.js';
export { type WebhookDeliveryOptions, type WebhookEventType } from './webhooks.js';
