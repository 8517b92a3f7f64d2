// No import circles between files (madge), in every package's src/ and every starter's src/. The sandbox's served
// browser scripts (packages/sandbox/src/browser/) are checked without their type imports: their parts call each other
// by name inside one served script, as the one function they were, and import one another's types only (a lint rule
// holds it), so a circle of types there orders no module loading. Usage: node scripts/check-circles.mjs
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import madge from 'madge';

const sources = ['packages', 'examples'].flatMap((dir) => readdirSync(dir).map((name) => join(dir, name, 'src'))).filter((path) => {
  try {
    return readdirSync(path).length > 0;
  } catch {
    return false;
  }
});
const browser = 'packages/sandbox/src/browser';
const options = { fileExtensions: ['ts', 'tsx'] };
const found = [
  ...(await madge(sources, { ...options, excludeRegExp: [/packages[\\/]sandbox[\\/]src[\\/]browser[\\/]/] })).circular(),
  ...(await madge(browser, { ...options, detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } } })).circular(),
];
if (found.length > 0) {
  console.error(`Found ${found.length} import circle(s):\n${found.map((circle) => `  ${circle.join(' > ')}`).join('\n')}`);
  process.exit(1);
}
console.log(`No import circles in ${sources.length} src/ folders (${browser} without its type imports).`);
