// The verification's options and plan, in process: what is called by default (each GET without an
// id), what needs an id or a write flag, what the report says, and the example workflow's command.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { operations } from '../../scripts/stated/operations.ts';
import { planVerification } from '../../scripts/verify/plan.ts';
import { checkNames, parseVerifyArgs } from '../../scripts/verify/verify-options.ts';
import { forTerminal } from '../../scripts/escape.ts';
import { verdictJunit, verdictMarkdown, verdictTable } from '../../scripts/verify/verify-report.ts';
import { deref, type Json, loadBundle, root } from '../support/helpers.ts';

describe('the plan', () => {
  it('calls each GET without {id}, and no write or {id} operation unless told', async () => {
    const plan = planVerification(await loadBundle(), parseVerifyArgs(['--base-url', 'https://api.example.com']));
    const called = plan.filter((entry) => entry.url);
    expect(called).toHaveLength(operations.filter((operation) => operation.method === 'get' && !operation.path.includes('{')).length);
    expect(called.every((entry) => entry.operation.method === 'get' && entry.operation.pathParameters.length === 0)).toBe(true);
    expect(called[0].url).toBe('https://api.example.com/v1/scopes');
  });

  it('calls a named write with its id, its id strictly encoded', async () => {
    const options = parseVerifyArgs(['--base-url', 'http://127.0.0.1:8080/', '--write', 'deleteWebhook', '--allow-writes', '--id', "deleteWebhook=w/1'"]);
    const document = await loadBundle();
    checkNames(options, document);
    const entry = planVerification(document, options).find((e) => e.operation.operationId === 'deleteWebhook')!;
    expect(entry.url).toBe('http://127.0.0.1:8080/v1/webhooks/w%2F1%27');
  });

  it('does not call an operation whose (overlaid) description requires a parameter verify cannot fill, naming it', async () => {
    const document = await loadBundle();
    const entry = planVerification(document, parseVerifyArgs(['--base-url', 'https://x.test'])).find((e) => e.operation.openQuery)!;
    const { operationId, path: at, method } = entry.operation;
    const operation = document.paths[at][method];
    // The open query parameter, made required (as an overlay may), inline on this one operation.
    operation.parameters = operation.parameters.map((p: Json) => ({ ...deref(document, p), required: true }));
    const plan = planVerification(document, parseVerifyArgs(['--base-url', 'https://x.test']));
    const { name } = operation.parameters[0];
    expect(plan.find((e) => e.operation.operationId === operationId)?.url).toBeUndefined();
    expect(plan.find((e) => e.operation.operationId === operationId)).toMatchObject({
      group: 'needs a parameter',
      notCalled: `needs the required query parameter "${name}", which verify cannot fill`,
    });
  });

  it('calls an operation whose required header parameter --header gives, and says how to give it when none does', async () => {
    const document = await loadBundle();
    document.paths['/v1/webhooks'].get.parameters = [{ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }];
    const without = planVerification(document, parseVerifyArgs(['--base-url', 'https://x.test'])).find((e) => e.operation.operationId === 'listWebhooks');
    expect(without).toMatchObject({
      group: 'needs a parameter',
      notCalled: 'needs the required header parameter "X-Tenant": give it with --header "X-Tenant: <value>"',
    });
    const given = planVerification(document, parseVerifyArgs(['--base-url', 'https://x.test', '--header', 'x-tenant: acme'])).find(
      (e) => e.operation.operationId === 'listWebhooks',
    );
    expect(given?.url).toBe('https://x.test/v1/webhooks');
  });

  it('refuses an id for an operation whose path has no parameter', () => {
    expect(() =>
      checkNames(parseVerifyArgs(['--base-url', 'http://x.test', '--id', 'listWebhooks=x']), {
        paths: { '/v1/webhooks': { get: { operationId: 'listWebhooks' } } },
      } as Json),
    ).toThrow('--id listWebhooks: GET /v1/webhooks has no path parameter to give an id to');
  });

  it('refuses a GET named as a write', async () => {
    expect(() =>
      checkNames(parseVerifyArgs(['--base-url', 'http://x.test', '--write', 'listWebhooks', '--allow-writes']), {
        paths: { '/v1/webhooks': { get: { operationId: 'listWebhooks' } } },
      } as Json),
    ).toThrow('--write listWebhooks: it is a GET, which is verified without --write');
  });

  it.each([
    [['--base-url', 'ftp://x.test'], '--base-url "ftp://x.test": only http and https are verified'],
    [['--base-url', 'https://user:pw@x.test'], '--base-url holds credentials: send them with --header-env (or --header) instead, which is never printed'],
    [['--base-url', 'https://x.test', '--id', 'getWebhook'], '--id "getWebhook": give it as <operationId>=<id>, for example getWebhook=wh_1'],
    [['--base-url', 'https://x.test', '--rate', '100'], '--rate "100": give requests per second, more than 0 and at most 10'],
    // Found by the second new-user trial: a run that could never send these called the service unreachable.
    [['--base-url', 'https://x.test', '--id', 'getIntegration=..'], '--id "getIntegration=..": ".." cannot be sent as one path segment'],
    [
      ['--base-url', 'https://x.test', '--id', 'getIntegration=a', '--id', 'getIntegration=b'],
      '--id "getIntegration" is given twice ("a", "b"): give one id per operation',
    ],
    [['--base-url', 'https://x.test', '--header', 'X-Key: a\r\nX-Other: b'], '--header: give it as "Name: value"'],
    [[], '--base-url <url> is required'],
    [['--base-url', 'https://x.test', '--overlay', ''], '--overlay needs a value'],
    [['--base-url', 'https://x.test', '--max-body-bytes', '1e3'], '--max-body-bytes "1e3": give a whole number from 1024 to 1073741824'],
    [
      ['--base-url', 'https://x.test', '--header-env', 'X-Api-Key=UNSET_KEY'],
      '--header-env X-Api-Key=UNSET_KEY: the environment variable UNSET_KEY is not set or empty',
    ],
    [['--base-url', 'https://x.test', '--header-env', 'X-Api-Key: k'], '--header-env "X-Api-Key: k": give Name=VAR'],
    [['--base-url', 'https://x.test', '--header-env', 'X-Api-Key=BROKEN'], '--header-env X-Api-Key=BROKEN: the value of BROKEN holds a line break'],
  ])('refuses %j', (args, message) => {
    expect(() => parseVerifyArgs(args, { BROKEN: 'k\r\nX-Other: 1' })).toThrow(message);
  });

  // Found by a trial of learning (issue 52): `npm run verify -- --header "X-Api-Key: $API_KEY"` as the docs showed it
  // made npm echo the key. --header-env takes the value from the environment, as the MCP server does.
  it('--header-env: the header from an environment variable, after --header, never in an error', () => {
    const options = parseVerifyArgs(['--base-url', 'https://x.test', '--header', 'X-Tenant: acme', '--header-env', 'X-Api-Key=API_KEY'], {
      API_KEY: 'secret-123',
    });
    expect(options.headers).toEqual([
      ['X-Tenant', 'acme'],
      ['X-Api-Key', 'secret-123'],
    ]);
    expect(() => parseVerifyArgs(['--traffic', 'x.har', '--header-env', 'X-Api-Key=API_KEY'], { API_KEY: 'secret-123' })).toThrow(
      '--header-env is for calling the service; with --traffic nothing is sent',
    );
  });
});

describe('the report', () => {
  const run = {
    verdicts: [{ operationId: 'listScopes', method: 'GET', kind: 'contradicts' as const, detail: 'reads "<script>|x`" \u001b[31m', ms: 3 }],
    requestsSent: 1,
    ms: 10,
  };

  it('escapes what the service sent, in Markdown and in XML', () => {
    expect(verdictMarkdown(run, 'https://x.test', false)).toContain('| contradicts | `listScopes` | GET | reads "\\<script\\>\\|x\\`" \\\\u001b\\[31m |');
    expect(verdictJunit(run, 'https://x.test', false)).toContain('<failure message="contradicts: reads &quot;&lt;script&gt;|x`&quot; \\u001b[31m"/>');
  });

  // Found by the review of issue 52 (finding 9): forTerminal, which every command prints through, showed
  // zero-width and Unicode tag characters raw (a reader saw less than the line held).
  it('shows invisible characters as their escapes, in the table, in Markdown and in XML', () => {
    const hidden = { ...run, verdicts: [{ ...run.verdicts[0], detail: 'text/x\u200b\u00ad\ufe0f\u{E0041}\u{E0067}' }] };
    for (const report of [verdictTable(hidden), verdictMarkdown(hidden, 'https://x.test', false), verdictJunit(hidden, 'https://x.test', false)]) {
      expect(report).not.toMatch(/\u200b|\u00ad|\ufe0f|\u{E0041}/u);
      expect(report).toMatch(/text\/x\\{1,2}u200b\\{1,2}u00ad\\{1,2}ufe0f\\{1,2}u\\?\{e0041\\?\}/);
    }
    expect(forTerminal('a\u200bb\u{E0041}\u0007')).toBe('a\\u200bb\\u{e0041}\\u0007');
  });
});

describe('examples/workflows/verify.yml', () => {
  it('runs a command that verify accepts, with the Markdown summary and JUnit', async () => {
    const workflow = YAML.parse(await fs.readFile(path.join(root, 'examples', 'workflows', 'verify.yml'), 'utf8'));
    expect(Object.keys(workflow.on)).toEqual(['workflow_dispatch', 'schedule']);
    const step = workflow.jobs.verify.steps.find((s: { run?: string }) => s.run?.includes('verify'));
    const command = String(step.run).split(' | ')[0];
    const args = [...command.matchAll(/"[^"]*"|\S+/g)].map((m) => m[0]).slice(command.split(' ').indexOf('--') + 1);
    const options = parseVerifyArgs(
      args.map((arg) =>
        arg
          .replace('"$BASE_URL"', 'https://api.example.com')
          .replace('"$CREDENTIALS_HEADER"', 'X-Api-Key: k')
          .replace('"$RUNNER_TEMP/verify.xml"', '/tmp/verify.xml'),
      ),
    );
    expect(options).toMatchObject({ format: 'markdown', junit: '/tmp/verify.xml', headers: [['X-Api-Key', 'k']], writes: [] });
    expect(step.env).toEqual({ BASE_URL: '${{ secrets.VERIFY_BASE_URL }}', CREDENTIALS_HEADER: '${{ secrets.VERIFY_CREDENTIALS_HEADER }}' });
  });
});
