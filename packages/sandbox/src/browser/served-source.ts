/**
 * The script that runs `fn(...args)` in the page: `fn`'s own source, called with `args`, each a function (served as
 * its source too) or a JSON value. Typed as the call itself, so the served arguments are the function's. Used by the
 * sandbox to serve this folder's scripts; runs on the sandbox, not in the page.
 */
export function servedSource<A extends unknown[]>(fn: (...args: A) => void, ...args: A): string {
  // `undefined` is no JSON: it is written as itself, never an empty argument.
  const served = args.map((arg) => (typeof arg === 'function' ? `(${String(arg)})` : arg === undefined ? 'undefined' : JSON.stringify(arg)));
  return `(${String(fn)})(${served.join(', ')});\n`;
}
