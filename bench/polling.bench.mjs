// Polling: how many requests `payments.waitForFinalStatus` makes and how late it notices the final status, over
// scripted timelines (the payment turns `succeeded` N ms after the first poll). A local HTTP server on 127.0.0.1
// plays the service; all timelines run side by side, each once per interval setting.
import { createServer } from 'node:http';
import { Tessera } from '@tessera/server';

const timelinesMs = [800, 1_900, 3_300, 4_700];
const intervalsMs = [1_000, 1_500, 2_000];
const flips = new Map();
let requests = new Map();

const server = createServer((request, response) => {
  const id = request.url.split('/').pop();
  requests.set(id, (requests.get(id) ?? 0) + 1);
  const flip = flips.get(id);
  const status = flip !== undefined && Date.now() >= flip.at ? 'succeeded' : 'pending';
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id, amount: 1999, currency: 'USD', status, requireAction: 'none' }));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const tessera = new Tessera({ apiKey: 'sk_test_bench', baseUrl: `http://127.0.0.1:${port}` });

const rows = [];
await Promise.all(
  intervalsMs.flatMap((intervalMs) =>
    timelinesMs.map(async (afterMs) => {
      const id = `pay_${intervalMs}_${afterMs}`;
      const start = Date.now();
      flips.set(id, { at: start + afterMs });
      const payment = await tessera.payments.waitForFinalStatus(id, { intervalMs, timeoutMs: 30_000 });
      const lateMs = Date.now() - (start + afterMs);
      rows.push({ intervalMs, afterMs, requests: requests.get(id), lateMs, status: payment.status });
    }),
  ),
);
server.close();

rows.sort((a, b) => a.intervalMs - b.intervalMs || a.afterMs - b.afterMs);
console.log('interval  final after  requests  noticed late by');
for (const row of rows) {
  console.log(`${String(row.intervalMs).padStart(6)} ms  ${String(row.afterMs).padStart(8)} ms  ${String(row.requests).padStart(8)}  ${String(row.lateMs).padStart(9)} ms`);
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const figures = Object.fromEntries(
  intervalsMs.map((intervalMs) => {
    const mine = rows.filter((row) => row.intervalMs === intervalMs);
    return [`interval${intervalMs}ms`, { medianLateMs: median(mine.map((r) => r.lateMs)), maxLateMs: Math.max(...mine.map((r) => r.lateMs)), requests: mine.map((r) => r.requests) }];
  }),
);
// Lateness can never exceed one interval plus one request: anything more is a polling bug.
const ok = rows.every((row) => row.status === 'succeeded' && row.lateMs <= row.intervalMs + 250);
console.log(ok ? 'every final status noticed within one interval' : 'LATE: a final status was noticed more than one interval late');
console.log(`BENCH_JSON ${JSON.stringify({ polling: figures, withinOneInterval: ok })}`);
process.exitCode = ok ? 0 : 1;
