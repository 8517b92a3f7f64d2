interface RuntimeGlobals {
  window?: unknown;
  document?: unknown;
  Deno?: { version?: { deno?: string } };
  Bun?: { version?: string };
  EdgeRuntime?: unknown;
  process?: { versions?: { node?: string } };
  navigator?: { userAgent?: string };
}

const runtimeGlobals = (): RuntimeGlobals => globalThis;

/** True in a browser page (a `window` with a `document`), where a secret API key would be exposed. */
export function isBrowserLike(): boolean {
  const scope = runtimeGlobals();
  return typeof scope.window === 'object' && scope.window !== null && typeof scope.document === 'object' && scope.document !== null;
}

/** `name/version` of the JavaScript runtime, for the `X-Tessera-Client` header: `node/24.1.0`, `deno/2.1.0`, … */
export function describeRuntime(): string {
  const scope = runtimeGlobals();
  if (typeof scope.Deno?.version?.deno === 'string') return `deno/${scope.Deno.version.deno}`;
  if (typeof scope.Bun?.version === 'string') return `bun/${scope.Bun.version}`;
  if (typeof scope.EdgeRuntime === 'string') return `edge-runtime/${scope.EdgeRuntime}`;
  if (typeof scope.process?.versions?.node === 'string') return `node/${scope.process.versions.node}`;
  if (scope.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return 'unknown';
}
