// The Go SDK's package checks (test/languages/sdk-packages.test.ts): gofmt, one go vet over the SDK,
// the tier's programs of it and the bench, and staticcheck; the SDK needs the standard library
// only. Go takes a module by its path, not as an archive: the package is a copy of the committed
// module, installed by a consumer module's replace with no network (GOFLAGS=-mod=mod GOPROXY=off),
// from which cmd/sdk-consumer calls every operation. The samples and docs/sdks.md's Go are
// packages of one module, vetted by one go vet. What is Go's own runs one program
// (cmd/sdk-behaviour) built once with the bench; the overlays' checks are in overlaid.ts. The
// builds and the verdicts of folders that move are kept while their inputs are the same
// (go-modules.ts); a go vet in place is in Go's own cache.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { recordOutputFolder } from '../../../scripts/overlay/output-folder.ts';
import { languageTools } from '../../../scripts/languages/language-tools.ts';
import { root } from '../../support/helpers.ts';
import { jsonReply, startTestServer } from '../../support/http-server.ts';
import { mustRun } from '../../support/languages.ts';
import { run, runCommand } from '../../support/run-command.ts';
import { expectBenchProgramRuns, type OwnCheck, type PackageChecks, type PackageContext } from '../../support/sdk-package.ts';
import { benchDir, consumerModule, goBuilt, goVerdict, moduleOf, oneAtATime, tierDir, workspace } from './go-modules.ts';
import { overlaid } from './overlaid.ts';

/** What the programs that use the committed SDK name it by, besides its go.mod. */
const sdkUsers = 'test/languages/go/go.mod and cmd/sdk-*, scripts/dev/sdk-bench/go.mod and bench.go';
/** The tier's programs of the committed SDK. */
const tierPrograms = ['sdk-consumer', 'sdk-driver', 'sdk-behaviour'];
/** A Go build that must find every module it needs on the machine. */
const offline = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off' };

/** The bench (`sdk`) and cmd/sdk-behaviour, built once a run by one go build; their folder. */
const programs = new WeakMap<PackageContext, Promise<string>>();
function builtPrograms(context: PackageContext): Promise<string> {
  if (!programs.has(context))
    programs.set(
      context,
      (async () => {
        const dir = path.join(context.scratch, 'programs');
        await fs.mkdir(dir, { recursive: true });
        const files = [path.join(tierDir, 'go.mod'), path.join(tierDir, 'go.sum'), path.join(benchDir, 'go.mod'), path.join(benchDir, 'bench.go')];
        const inputs = [{ tree: context.committed }, { tree: path.join(tierDir, 'cmd', 'sdk-behaviour') }, ...files.map((file) => ({ file }))];
        const packages = ['emaildelivery.bench/sdk', 'emaildelivery.test/callers/cmd/sdk-behaviour'];
        return goBuilt('go-sdk-programs', inputs, root, packages, dir, await workspace(dir, context.committed));
      })(),
    );
  return programs.get(context)!;
}

/** What cmd/sdk-behaviour prints of `check` against `url`, with `env`. */
async function behaviour(context: PackageContext, check: string, url: string, env: NodeJS.ProcessEnv = {}) {
  const bin = await builtPrograms(context);
  return oneAtATime(() => mustRun(path.join(bin, 'sdk-behaviour'), [check, url], context.scratch, env));
}

/** The pinned staticcheck that `npm run install:languages -- go` installs. */
const staticcheck = (() => {
  const tools = languageTools(root);
  return path.join(tools.home, 'bin', `staticcheck-${tools.pins.STATICCHECK_VERSION}`);
})();

const staticcheckClean: OwnCheck = {
  title: 'is clean under the pinned staticcheck -checks all',
  async run(context) {
    const result = await run(staticcheck, ['-checks', 'all', './...'], context.committed);
    expect(result.output.trim(), `${staticcheck} -checks all ./... in generated/sdk/go (npm run install:languages -- go installs it)`).toBe('');
    expect(result.code).toBe(0);
  },
};

const bench: OwnCheck = {
  title: 'the bench program (scripts/dev/sdk-bench/bench.go) prints its figures of the SDK, the SDK with a logger at INFO and the plain client',
  async run(context) {
    const bin = await builtPrograms(context);
    await expectBenchProgramRuns((baseUrl, calls) => oneAtATime(() => mustRun(path.join(bin, 'sdk'), [baseUrl, calls], context.scratch)));
  },
};

const printed: OwnCheck = {
  title: 'a client and an API error print no header value, with any verb, as a value or a pointer',
  async run(context) {
    const server = await startTestServer();
    server.reply = (request) => jsonReply(500, { echoed: request.headers['x-api-key'] });
    try {
      const { stdout } = await behaviour(context, 'printed', server.url);
      expect(server.requests[0]?.headers['x-api-key'], 'the header went out').toBe('sk-printed-9');
      expect(stdout).toContain('Headers: [X-Api-Key]');
      expect(stdout).toContain('[redacted]');
      expect(stdout).not.toContain('sk-printed-9');
    } finally {
      await server.close();
    }
  },
};

const postOnce: OwnCheck = {
  title: "a POST is sent once on a kept-alive connection the service closes, even with an idempotency key (net/http's transport resends such a request)",
  async run(context) {
    const server = await startTestServer();
    server.reply = (request) => (request.method === 'POST' ? 'drop' : jsonReply(200, []));
    try {
      const { stdout } = await behaviour(context, 'post-once', server.url);
      expect(stdout.trim().split('\n')).toEqual(['Idempotency-Key true', 'X-Idempotency-Key true']);
      expect(
        server.requests.map((request) => `${request.method} ${request.path} ${request.headers['idempotency-key'] ?? request.headers['x-idempotency-key']}`),
      ).toEqual(['GET /v1/webhooks key-1', 'POST /v2/contacts/export/filter key-1', 'GET /v1/webhooks key-1', 'POST /v2/contacts/export/filter key-1']);
    } finally {
      await server.close();
    }
  },
};

const callOptions: OwnCheck = {
  title: "a call's own options, its answer, the error kinds with errors.Is, and the debug log without a header value",
  async run(context) {
    const server = await startTestServer();
    let quotas = 0;
    server.reply = (request) => {
      if (request.path === '/v1/integrations/missing') return jsonReply(404, { message: 'none', echoed: request.headers['x-api-key'] });
      if (request.path === '/v1/quotas' && (quotas += 1) === 1) return jsonReply(503, {});
      return { ...jsonReply(200, { ok: true }), headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' } };
    };
    try {
      const result = await behaviour(context, 'call-options', server.url, { EMAIL_DELIVERY_LOG: 'debug' });
      expect(result.stdout.trim().split('\n')).toEqual([
        'answer <nil> 200 req_1',
        'kind true false true',
        // The parsed body is the data as it came (as Body is); only the error's text and Header redact.
        'parsed none sk-call-8',
        'retried <nil>',
        'refused true',
        'client true',
      ]);
      // What the service saw: the call's header with its call only, the SDK's User-Agent, the 503 retried, the refused call never sent.
      expect(
        server.requests.map((request) => `${request.method} ${request.path} ${request.headers['x-trace'] ?? '-'} ${request.headers['x-api-key']}`),
      ).toEqual([
        'GET /v1/integrations/int_1 t1 sk-logged-7',
        'GET /v1/integrations/missing - sk-call-8',
        'GET /v1/quotas - sk-logged-7',
        'GET /v1/quotas - sk-logged-7',
      ]);
      expect(server.requests.every((request) => /^email-delivery-api-go\/\d+\.\d+\.\d+$/.test(request.headers['user-agent'] ?? ''))).toBe(true);
      // EMAIL_DELIVERY_LOG=debug: one line an attempt on stderr, with the method, path template, status, attempt and wait.
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(
        /level=DEBUG msg="emaildelivery: request" operation=getIntegration method=GET path=\/v1\/integrations\/\{id\} status=200 attempt=1 wait=0s$/,
      );
      expect(lines[2]).toMatch(/operation=listQuotas method=GET path=\/v1\/quotas status=503 attempt=1 wait=\d/);
      expect(result.stderr).not.toMatch(/sk-logged-7|sk-call-8|int_1|none/);
    } finally {
      await server.close();
    }
  },
};

const caseClash: OwnCheck = {
  title:
    'refuses an overlay whose names differ only by case (properties Status and status, query parameters class and Class), naming each, and leaves --out as it was',
  async run(context) {
    const dir = path.join(context.scratch, 'case-clash');
    // --out an SDK the command wrote before: the committed one is what it writes (the first test),
    // recorded as its own, as the command records a folder it writes.
    const out = path.join(dir, 'sdk');
    await fs.cp(context.committed, out, { recursive: true });
    recordOutputFolder(out, 'sdk-builds');
    const before = await fs.readFile(path.join(out, 'models.gen.go'), 'utf8');
    const overlay = path.join(dir, 'clash.yaml');
    const property = (description: string) => ({ type: 'string', description });
    const parameter = (name: string) => ({ name, in: 'query', description: `the ${name} of the test`, schema: { type: 'string' } });
    await fs.writeFile(
      overlay,
      JSON.stringify({
        overlay: '1.1.0',
        info: { title: 'Names that differ by case', version: '1.0.0' },
        actions: [
          {
            target: '$.components.schemas.GetMessageStatusResponseBody',
            description: 'Two properties whose names differ by case.',
            update: { properties: { Status: property('one'), status: property('two') } },
          },
          {
            target: "$.paths['/v1/webhooks'].get",
            description: 'Two query parameters whose names differ by case.',
            update: { parameters: [parameter('class'), parameter('Class')] },
          },
        ],
      }),
    );
    const result = await oneAtATime(() => runCommand('sdk', ['--lang', 'go', '--overlay', overlay, '--out', out]));
    expect(result.code, result.output).toBe(1);
    expect(result.stderr).toContain(
      'GetMessageStatusResponseBody (schema "GetMessageStatusResponseBody") has 2 fields named Status (from "Status" and "status")',
    );
    expect(result.stderr).toContain('ListWebhooksParams (the parameters of operation listWebhooks) has 2 fields named Class (from "class" and "Class")');
    expect(result.stderr).toContain('is unchanged');
    expect(await fs.readFile(path.join(out, 'models.gen.go'), 'utf8'), '--out is the SDK written before').toBe(before);
  },
};

/** Each docs/sdks.md Go block but the import line as the body of a function that returns an error, the names it declares used. */
function docsProgram(blocks: string[]): string {
  const bodies = blocks.map((block, index) => {
    const declared = [...block.matchAll(/^(\w+), err :=/gm)].map((match) => `\t_ = ${match[1]}\n`).join('');
    return `func block${index}(ctx context.Context, err error) error {\n${block}${declared}\treturn err\n}\n`;
  });
  const imports = ['context', 'errors', 'net/http', 'os'].map((name) => `\t"${name}"\n`).join('');
  const uses = '\nvar _, _, _ = errors.As, http.StatusOK, os.Getenv\n\nfunc main() {}\n';
  return `package main\n\nimport (\n${imports}\n\temaildelivery "SDK_MODULE"\n)\n${uses}\n${bodies.join('\n')}`;
}

/** staticcheck runs where it is installed, and always under CI=true (where its absence fails). */
const staticcheckHere = process.env.CI === 'true' || fsSync.existsSync(staticcheck);
if (!staticcheckHere) console.warn(`languages tier: skipping the Go SDK's staticcheck: missing ${staticcheck} (npm run install:languages -- go)`);

const checks: PackageChecks = {
  needs: ['go', 'oapi-codegen'],
  checkers: {
    title: `is gofmt'd, vets with the tier's programs of it (cmd/${tierPrograms.join(', cmd/')}) and the bench, needs nothing but the standard library, and they name its module path`,
    async run(context) {
      const { committed } = context;
      const programDirs = tierPrograms.map((name) => path.join(tierDir, 'cmd', name));
      expect((await mustRun('gofmt', ['-l', committed, benchDir, ...programDirs], root)).stdout, 'files gofmt would change').toBe('');
      const module = await moduleOf(committed);
      // One go vet over the three modules (a go.work): what each vet in place is, in Go's cache.
      const vetDir = path.join(context.scratch, 'vet');
      await fs.mkdir(vetDir, { recursive: true });
      const env = await workspace(vetDir, committed);
      await mustRun(
        'go',
        ['vet', `${module}/...`, ...tierPrograms.map((name) => `emaildelivery.test/callers/cmd/${name}`), 'emaildelivery.bench/sdk'],
        root,
        env,
      );
      const imports = await mustRun('go', ['list', '-deps', '-f', '{{if not .Standard}}{{.ImportPath}}{{end}}', './...'], committed, { GOWORK: 'off' });
      expect(imports.stdout.trim().split('\n'), 'packages outside the standard library').toEqual([module]);
      expect(await fs.readFile(path.join(committed, 'go.mod'), 'utf8')).not.toMatch(/^require/m);
      for (const goMod of [path.join(tierDir, 'go.mod'), path.join(benchDir, 'go.mod')])
        expect(await fs.readFile(goMod, 'utf8'), `the SDK's module path is ${module}: name it so in ${sdkUsers}`).toContain(
          `replace ${module} => ../../../generated/sdk/go`,
        );
    },
  },
  packageTitle: 'copied as a module and taken through a replace with no network (GOFLAGS=-mod=mod GOPROXY=off)',
  async installAndConsume(context, baseUrl) {
    const dir = path.join(context.scratch, 'installed');
    const sdk = path.join(dir, 'sdk');
    await fs.cp(context.committed, sdk, { recursive: true });
    const consumer = path.join(dir, 'consumer');
    await consumerModule(consumer, sdk, { 'main.go': await fs.readFile(path.join(tierDir, 'cmd', 'sdk-consumer', 'main.go'), 'utf8') });
    await mustRun('go', ['build', '-o', 'sdk-consumer', '.'], consumer, offline);
    const { stdout } = await oneAtATime(() => mustRun(path.join(consumer, 'sdk-consumer'), [baseUrl], consumer));
    return { lines: stdout.trim().split('\n'), rounds: 1 };
  },
  samplesTitle: 'vet against the SDK (each a package of one module, one go vet)',
  sampleExtension: '.go',
  async checkSamples(context, dir, files) {
    const sources: Record<string, string> = {};
    const blocks: string[] = [];
    for (const file of files) {
      const source = await fs.readFile(path.join(dir, file), 'utf8');
      if (file.startsWith('docs_')) blocks.push(source);
      else sources[`samples/${path.basename(file, '.go')}/main.go`] = source;
    }
    // The import line is the docs module's own; the rest are code a reader copies into a function.
    const code = blocks.filter((block) => !block.startsWith('import '));
    expect(code.length, "Go blocks in docs/sdks.md's Go section besides the import").toBeGreaterThanOrEqual(2);
    sources['main.go'] = docsProgram(code);
    const module = path.join(context.scratch, 'samples-module');
    await consumerModule(module, context.committed, sources);
    const vetted = await goVerdict('go-sdk-samples-vet', module, context.committed, ['vet', './...']);
    expect(vetted.code, vetted.output).toBe(0);
  },
  async runSample(context, dir, file) {
    const module = path.join(context.scratch, 'sample-run');
    await consumerModule(module, context.committed, { 'main.go': await fs.readFile(path.join(dir, file), 'utf8') });
    await mustRun('go', ['build', '-o', 'sample', '.'], module, { GOWORK: 'off' });
    return (await oneAtATime(() => mustRun(path.join(module, 'sample'), [], module))).stdout;
  },
  overlaid,
  own: [bench, printed, postOnce, callOptions, caseClash, ...(staticcheckHere ? [staticcheckClean] : [])],
};

export default checks;
