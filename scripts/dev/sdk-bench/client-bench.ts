// The TypeScript client's cost per call against plain fetch, for `npm run bench` (bench-sdk.ts runs
// it against a loopback service; the target is the client at most 20 % slower per call). A process
// of its own, as every language's program: no heap of the bench's carried into its collections.
// Usage: node client-bench.ts <base URL> <N>. Calls listWebhooks N times through the built client
// (generated/dist, which `npm run build` makes) and N times through fetch (the same GET, the body
// decoded with json()), after a warm-up of each, in alternating rounds so that none runs only while
// the machine is busier; prints {"sdkSeconds": ..., "plainSeconds": ..., "calls": N, "rounds": ...}.
// The client has no log: no side at INFO.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Rounds of a few calls, each side in turn: a side's rounds and the next side's see the machine alike. */
const CALLS_PER_ROUND = 10;
/** The calls of each side before the timed ones (the JIT's warm-up). */
const WARM_UP = 200;

const [baseUrl, given] = process.argv.slice(2);
const calls = Number(given);
if (baseUrl === undefined || !Number.isSafeInteger(calls) || calls < CALLS_PER_ROUND) {
  console.error(`sdk-bench: usage: node client-bench.ts <base URL> <calls, at least ${CALLS_PER_ROUND}>`);
  process.exit(2);
}
const built = path.join(import.meta.dirname, '..', '..', '..', 'generated', 'dist', 'client.js');
const { createEmailDeliveryClient, listWebhooks } = (await import(pathToFileURL(built).href)) as typeof import('../../../generated/client.ts');
const client = createEmailDeliveryClient({ baseUrl });
const url = `${baseUrl.replace(/\/+$/, '')}/v1/webhooks`;
const sides = {
  sdk: async () => {
    const { data, response } = await listWebhooks(client);
    if (response.status !== 200) throw new Error(`sdk: ${response.status}`);
    return data;
  },
  plain: async () => {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`plain: ${response.status}`);
    return response.json();
  },
};

async function timed(call: () => Promise<unknown>, times: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i++) await call();
  return (performance.now() - started) / 1000;
}

for (const call of Object.values(sides)) await timed(call, WARM_UP);
const roundCount = Math.floor(calls / CALLS_PER_ROUND);
const rounds = { sdk: [] as number[], plain: [] as number[] };
for (let round = 0; round < roundCount; round++)
  for (const side of round % 2 === 0 ? (['sdk', 'plain'] as const) : (['plain', 'sdk'] as const)) rounds[side].push(await timed(sides[side], CALLS_PER_ROUND));
const total = (times: number[]) => times.reduce((sum, value) => sum + value, 0);
console.log(JSON.stringify({ sdkSeconds: total(rounds.sdk), plainSeconds: total(rounds.plain), calls: CALLS_PER_ROUND * roundCount, rounds }));
