/**
 * Where the sandbox's routes are, for a stand-in script the page loaded from the sandbox: its own `src` up to
 * `scriptPath` (origin and any prefix), so the stand-ins work on any port and under any path prefix. Passed to the
 * stand-ins as an argument (their source is served, see ./README.md).
 */
export function sandboxBase(script: HTMLScriptElement | SVGScriptElement | null, scriptPath: string): string {
  const src = script instanceof HTMLScriptElement ? script.src : '';
  const at = src.indexOf(scriptPath);
  if (at >= 0) return src.slice(0, at);
  return src ? new URL(src).origin : location.origin;
}
