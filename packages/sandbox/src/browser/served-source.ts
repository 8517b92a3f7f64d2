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

/** A module of this folder, imported whole (`import * as parts from …`): each of its exported functions a part. */
type ServedModule = { readonly [name: string]: unknown };

/**
 * The script that runs `main(...args)` in the page beside its named `parts`: one strict IIFE declaring each part by
 * its name (a function declaration as itself, any other function as a `const` of that name), then calling `main` as
 * {@link servedSource} does, so neither the parts nor `main` reach the page's globals or put anything there. A part is
 * a top-level function of this folder that `main` or another part calls by name (declaring it where it is called:
 * `declare const part: typeof module.part`, see the README); `parts` lists whole modules (`import * as x from …`),
 * whose every export is then a part, declared by its export's name and by its own (a bundler may have renamed it: only
 * the export keeps the name the other parts call). Typed as the
 * call of `main`, as {@link servedSource}. Throws, naming it, if a part has no name, is no function, or shares a name
 * with another part.
 */
export function servedScript<A extends unknown[]>(main: (...args: A) => void, parts: readonly ServedModule[], ...args: A): string {
  const named = parts.flatMap((part) => Object.entries(part));
  const seen = new Set<string>();
  const identifier = /^[A-Za-z_$][\w$]*$/;
  const declarations = named.map(([name, part]) => {
    if (typeof part !== 'function') throw new TypeError(`The served part ${name} is no function: export only functions from a served module, or pass the value to the main function.`);
    if (!identifier.test(name)) throw new TypeError(`A served part is called by its name: give the function ${part.name || 'it'} a name and export it under one.`);
    // A bundler may rename a function to keep it apart from a name another module calls unbound (`brandOf2` for
    // `brandOf`): its module then calls it by the new name, the other parts by the exported one. Both are declared.
    const own = identifier.test(part.name) ? part.name : name;
    for (const declared of new Set([own, name])) {
      if (seen.has(declared)) throw new TypeError(`Two served parts are named ${declared}: rename one, or list it once.`);
      seen.add(declared);
    }
    const source = String(part);
    const declaration = new RegExp(`^(?:async\\s+)?function\\s*\\*?\\s*${own.replace(/\$/g, '\\$')}\\s*\\(`).test(source) ? `${source}\n` : `const ${own} = (${source});\n`;
    return own === name ? declaration : `${declaration}const ${name} = ${own};\n`;
  });
  return `(function () {\n'use strict';\n${declarations.join('')}${servedSource(main, ...args)}})();\n`;
}
