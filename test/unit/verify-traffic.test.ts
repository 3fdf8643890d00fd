// verify's recording and its passive twin, in process: `verify --record` against a service on
// 127.0.0.1 writes a HAR whose credentials are marked, `learn` reads it, and `verify --traffic`
// judges recorded exchanges with verify's verdicts and exit codes: the traffic an overlay was
// learned from is as described with it, and a field whose type changed later contradicts it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harText, type ShortExchange } from '../support/har.ts';
import { jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';
import { runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const scratch = scratchFolderPerFile('verify-traffic');
let service: TestServer;
beforeAll(async () => {
  service = await startTestServer();
  service.reply = (request) =>
    request.path === '/v1/quotas'
      ? { ...jsonReply(200, { limit: 100, used: 7 }), headers: { 'content-type': 'application/json', 'set-cookie': 'session=server-secret' } }
      : jsonReply(200, { items: [] });
});
afterAll(() => service.close());

const write = async (name: string, exchanges: ShortExchange[]) => {
  const file = path.join(scratch.dir, name);
  await fs.writeFile(file, harText(exchanges));
  return file;
};
const row = (stdout: string, operationId: string) => stdout.split('\n').find((line) => new RegExp(`^\\S+( \\S+)?\\s+${operationId}\\s`).test(line)) ?? '';

describe('verify --traffic: verdicts from recorded exchanges', () => {
  it.each([
    [
      'a matching success',
      [{ url: '/v1/quotas', response: { a: 1 } }],
      0,
      'as described',
      '1 of 1 recorded exchange answered 200 with a JSON body that matches ListQuotasResponseBody (200 ×1)',
    ],
    ['another 2xx', [{ url: '/v1/quotas', status: 204 }], 1, 'contradicts', 'answered 204; the description states 200 (1 of 1 recorded exchange)'],
    [
      'a success that is not JSON',
      [{ url: '/v1/quotas', response: '<p>', responseType: 'text/html' }],
      1,
      'contradicts',
      'answered 200 with media type text/html',
    ],
    ['only server errors', [{ url: '/v1/quotas', status: 503, response: {} }], 1, 'server error', '1 recorded exchange, none as described: 503 ×1'],
    ['only refusals', [{ url: '/v1/quotas', status: 401, response: {} }], 1, 'refused', '401 ×1; the credentials were missing or refused'],
    [
      'a success among errors',
      [
        { url: '/v1/quotas', status: 404, response: {} },
        { url: '/v1/quotas', response: [] },
      ],
      0,
      'as described',
      '1 of 2 recorded exchanges answered 200',
    ],
  ])('%s', async (name, exchanges, code, verdict, detail) => {
    const result = await runCommand('verify', ['--traffic', await write(`${name}.har`, exchanges as ShortExchange[])]);
    expect(result.code).toBe(code);
    expect(row(result.stdout, 'listQuotas')).toMatch(new RegExp(`^${verdict}\\s+listQuotas\\s+GET\\s+.*${detail.replace(/[()×[\]]/g, '\\$&')}`));
    expect(row(result.stdout, 'listScopes')).toMatch(/^not called\s+listScopes\s+GET\s+no exchange in the recorded traffic/);
    expect(result.stdout).toMatch(/recorded exchanges? read in [\d.]+ s, nothing sent/);
  });

  it('lists the exchanges no operation matches, and judges none of them', async () => {
    const result = await runCommand('verify', [
      '--traffic',
      await write('other.har', [
        { url: '/v1/quotas', response: {} },
        { url: '/v9/x', status: 500 },
      ]),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('verify: 1 exchange(s) match no operation of the description (not checked):\n  GET /v9/x  1×');
  });

  it.each([
    [['--traffic', 'x.har', '--header', 'X-Api-Key: k'], 'verify: --header is for calling the service; with --traffic nothing is sent'],
    [['--traffic', 'x.har', '--record', 'y.har'], 'verify: --record is for calling the service'],
    [[], 'verify: --base-url <url> is required (or --traffic <file|folder> to check recorded traffic)'],
  ])('%j: a usage error, exit 2', async (args, message) => {
    const result = await runCommand('verify', args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('a truncated recording: its file and line, exit 1', async () => {
    const file = path.join(scratch.dir, 'cut.har');
    await fs.writeFile(file, harText([{ url: '/v1/quotas' }]).slice(0, 200));
    const result = await runCommand('verify', ['--traffic', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/verify: .*cut\.har:\d+: the file ends inside record 1/);
  });
});

describe('the round trip through verify --record, learn and verify --traffic', () => {
  it('records with credentials marked, learns from it, finds nothing, then finds a changed type', async () => {
    const har = path.join(scratch.dir, 'recorded.har');
    const recorded = await runCommand('verify', ['--base-url', service.url, '--header', 'X-Api-Key: key-secret-1', '--record', har, '--rate', '10']);
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toMatch(/verify: \d+ exchange\(s\) recorded in .*recorded\.har, credentials replaced by \[credential not recorded\]/);
    const text = await fs.readFile(har, 'utf8');
    expect(text).not.toContain('key-secret-1');
    expect(text).not.toContain('server-secret');
    expect(text).toMatch(/"name": "x-api-key",\s+"value": "\[credential not recorded\]"/);

    const learned = path.join(scratch.dir, 'learned.yaml');
    const learning = await runCommand('learn', ['--traffic', har, '--out', learned]);
    expect(learning.code).toBe(0);
    const overlay = await fs.readFile(learned, 'utf8');
    expect(overlay).toContain('name: x-api-key');
    expect(overlay).toMatch(/ListQuotasResponseBody[\s\S]*limit:\n\s+type: integer/);

    const same = await runCommand('verify', ['--traffic', har, '--overlay', learned]);
    expect(same.code).toBe(0);
    expect(same.stdout).not.toContain('contradicts');
    expect(row(same.stdout, 'listQuotas')).toMatch(/^as described/);

    const later = await write('later.har', [{ url: '/v1/quotas', response: { limit: 'a hundred', used: 7 } }]);
    const changed = await runCommand('verify', ['--traffic', later, '--overlay', learned]);
    expect(changed.code).toBe(1);
    expect(row(changed.stdout, 'listQuotas')).toContain('contradicts  listQuotas');
    expect(row(changed.stdout, 'listQuotas')).toContain('field limit must be integer');
    expect(changed.stdout).not.toContain('a hundred');
  });
});
