// The testing guide's "From a CommonJS project" section as run.mjs uses it: its tsconfig (the section's ```json
// block) and its test (the ```ts block), exactly as written, so the advice the guide gives is the one CI checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../runtime-smoke/tools.mjs';

export const guidePath = 'docs/guides/testing-with-the-sandbox.md';

/** `{ tsconfig, test }`: the section's JSON and TypeScript blocks; throws when the section or a block is missing. */
export function commonjsGuide() {
  const text = readFileSync(join(repoRoot, guidePath), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('From a CommonJS project\n'));
  if (section === undefined) throw new Error(`${guidePath} has no "## From a CommonJS project" section`);
  const block = (lang) => {
    const code = new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\``, 'm').exec(section)?.[1];
    if (code === undefined) throw new Error(`${guidePath}, "From a CommonJS project": no \`\`\`${lang} block`);
    return code;
  };
  return { tsconfig: block('json'), test: block('ts') };
}
