// The public surface: what users call or type. Plumbing the sibling packages and tests need is in `./internal`
// (`@tessera/sandbox/internal`), not covered by semver.
export { type ClockMode, type TestClock } from './state/clock.js';
export { connectSandbox, type SandboxConnection } from './control/connect.js';
export { SandboxControlError, type SandboxControlErrorDetails } from './control/control-error.js';
export { type RemoteFaults, type SandboxFaultRule } from './control/faults.js';
export { type RemoteChallenges } from './control/challenges.js';
export { type ChallengeOutcome, type SandboxChallenges } from './service/challenges.js';
export { type SandboxServiceToken, type ServiceTokenCard, type ServiceTokenFacts, type ServiceTokenHelpers } from './emulations/service-token.js';
export { type TestCardName, testCardNumbers } from './service/test-card-names.js';
export { type ConnectSandboxOptions } from './control/transport.js';
export { type FaultDecision, type FaultKind, type FaultRule, type FiredFault, type SandboxFaults } from './http/faults.js';
export { SANDBOX_API_KEY } from './http/keys.js';
export { MINIMUM_NODE_VERSION } from './node-version.js';
export { MINIMUM_NODE_VERSION_FOR_DATA_FILE, SandboxDataFileError, type SandboxDataFileProblem } from './state/persistence.js';
export { type ListView, type RecordView, type SandboxRecords } from './state/records.js';
export { type RouteOverride, type RouteOverrides, type SandboxRouteRequest, type SandboxRouteResult } from './http/override.js';
export { type RouteName } from './http/route-name.js';
export { createSandbox, type Sandbox, type SandboxDefaults, type SandboxOptions } from './sandbox.js';
export { sandboxRoutes, type SandboxRouteName } from './http/sandbox-routes.js';
export { startSandboxServer, type SandboxRequestLogEntry, type SandboxServer, type SandboxServerOptions } from './http/server.js';
export { testCards, type CustomerActionOutcome, type TestCardOutcome } from './service/test-cards.js';
export { type WebhookDeliveryOptions, type WebhookEventType } from './service/webhooks.js';
