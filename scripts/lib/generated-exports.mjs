// What the generators of export lists share (scripts/core-exports.mjs, scripts/server-exports.mjs): the regions
// between `// <generated:NAME>` markers they rewrite, and the one-line export statements they write there.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const byName = (a, b) => a.localeCompare(b, 'en');

/**
 * One `export` statement of `names` from `specifier`, on one line however long: a generated list is read by its
 * module, one line each, and a diff of it shows which module's exports changed.
 */
export function exportLine(keyword, names, specifier) {
  return `${keyword} { ${[...names].sort(byName).join(', ')} } from '${specifier}';`;
}

/** The region `name` of a file's text: the start marker line, what is between, and the end marker. */
const regionPattern = (name) => new RegExp(`(// <generated:${name}>[^\\n]*\\n)[\\s\\S]*?(// </generated:${name}>)`);

/** The region `name` of `text` (`file`'s), markers included; throws naming the file when its markers are missing. */
export function regionText(text, name, file) {
  const region = text.match(regionPattern(name));
  if (!region) throw new Error(`${relative(root, file)}: no "// <generated:${name}>" … "// </generated:${name}>" markers`);
  return region[0];
}

/** Replaces the text between `// <generated:NAME>` and `// </generated:NAME>` of `text`. */
export function replaceRegion(text, name, body, file) {
  regionText(text, name, file);
  return text.replace(regionPattern(name), (_, start, end) => `${start}${body}\n${end}`);
}
