// Extracts the published request and response examples of the operations Tessera serves from the vendor's API
// reference as transcribed in ../shared/spec/vendor-api/ (one Markdown file per operation), into
// packages/test-support/vendor-examples.json, which the tests replay. Run it again when the transcription changes:
//   node scripts/vendor-examples.mjs [path/to/vendor-api]
// With --check, writes nothing and exits 1 when the file differs from what it would write (CI).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const source = process.argv.slice(2).find((arg) => arg !== '--check') ?? join(root, '..', 'shared', 'spec', 'vendor-api');
// The published operations the catalog serves, by the file that transcribes each: every catalog entry (`name: op('POST
// /path', …)` in core's resource modules) whose method and path a transcribed page has (`# POST /api/public/v1/path`),
// path parameters matched whatever their names. A new operation's example is found with nothing to add here.
const placeholders = (path) => path.replace(/\{\w+\}/g, '{}');
const pages = new Map(
  readdirSync(source)
    .filter((file) => /^(GET|POST)-.*\.md$/.test(file))
    .map((file) => {
      const [, method, path] = /^# (GET|POST) \/api\/public\/v1(\S+)/m.exec(readFileSync(join(source, file), 'utf8')) ?? [];
      return [`${method} ${placeholders(path ?? '')}`, file];
    }),
);
const resources = join(root, 'packages/core/src/resources');
const served = Object.fromEntries(
  readdirSync(resources)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [...readFileSync(join(resources, file), 'utf8').matchAll(/(\w+): op\('(GET|POST|PUT|PATCH|DELETE) (\S+?)'/g)])
    .map(([, name, method, path]) => [name, pages.get(`${method} ${placeholders(path)}`)])
    .filter(([, file]) => file !== undefined),
);
// Pages that publish their example in another form: recent events puts request and answer under one heading (the
// second block is the answer); GET event describes its answer as "the same event object as in POST /events/list
// items", so it is that item. Checkout init publishes a URL and the URL it redirects to: the request is that URL's query
// (as parsed values, `items` a JSON array) and the answer `{ location }`.
const fromOtherBlocks = {
  initCheckout: (text) => {
    const url = /`GET \/api\/public\/v1\/checkout\/init\?([^`]+)`/.exec(text)?.[1];
    const request = url === undefined ? undefined : Object.fromEntries(new URLSearchParams(url));
    if (request?.items !== undefined) request.items = JSON.parse(request.items);
    return { request, response: { location: /redirects to `(https:\/\/[^`]+)`/.exec(text)?.[1] } };
  },
  listRecentEvents: (text) => ({ response: example(text, 'Example request / response', 1) }),
  retrieveEvent: (_text, found) => ({ response: found.listEvents.response.events[0] }),
};

// The `nth` ```json block (from 0) after a heading, or a line, that starts with `heading`.
function example(text, heading, nth = 0) {
  const at = text.search(new RegExp(`^(## )?${heading}`, 'm'));
  if (at < 0) return undefined;
  const blocks = [...text.slice(at).matchAll(/```json\n([\s\S]*?)\n```/g)];
  return blocks[nth] ? JSON.parse(blocks[nth][1]) : undefined;
}

const examples = {};
for (const [operation, file] of Object.entries(served)) {
  const text = readFileSync(join(source, file), 'utf8');
  const [, method, path] = /^# (GET|POST) \/api\/public\/v1(\S+)/m.exec(text);
  // The request may also be introduced inside a paragraph ("Field list not in the excerpt. Example request (as published):").
  const request =
    example(text, 'Example request') ??
    example(text, 'Request \\(cURL example') ??
    example(text, '.*Example request \\(as published\\)') ??
    fromOtherBlocks[operation]?.(text, examples).request;
  // One page gives both under one heading ("Example request / response"), the request first.
  const response = example(text, 'Example response') ?? example(text, 'Example request / response', 1) ?? fromOtherBlocks[operation]?.(text, examples).response;
  const url = /^- (https:\/\/\S+)/m.exec(text)?.[1];
  examples[operation] = { method, path, source: url, ...(request !== undefined ? { request } : {}), ...(response !== undefined ? { response } : {}) };
}
const target = join(root, 'packages/test-support/vendor-examples.json');
const text = `${JSON.stringify(examples, null, 2)}\n`;
if (check) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error('packages/test-support/vendor-examples.json is out of date: run node scripts/vendor-examples.mjs');
    process.exit(1);
  }
  console.log(`packages/test-support/vendor-examples.json: ${Object.keys(examples).length} operations, up to date`);
} else {
  writeFileSync(target, text);
  console.log(`${Object.keys(examples).length} operations written to packages/test-support/vendor-examples.json`);
}
