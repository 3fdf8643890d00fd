// The Ruby SDK (`npm run sdk -- --lang ruby`): the committed generated/sdk/ruby is what the command
// writes; RuboCop passes it and the tier's Ruby programs, and `rbs validate` its signatures; it
// builds as a gem (`.ci/pack-ruby-sdk`, as the release does) that installs with no network into a
// fresh GEM_HOME, from which a consumer program (ruby/sdk_consumer.rb) calls every operation
// against a recording server that checks each request with the description (not the Prism mock,
// some 3 s of CPU to start, which checks less: sdk-go.test.ts runs both); its minitest file
// (ruby/sdk_test.rb) holds what is Ruby's own (printed forms, errors by kind, the log, refusals,
// threads); with the example overlays the typed classes carry the fields (ruby/overlaid_test.rb);
// every operation's Ruby sample is Ruby, and one runs against the recording server. (The
// guarantees: sdk-guarantees-ruby.test.ts.) RuboCop's and rbs' verdicts, the gem and its offline
// install, and the SDKs `npm run sdk` writes (plain and overlaid) are reused while their inputs are
// the same (reusedWhenSame): RuboCop alone takes some 5 s of CPU to start, and the writer's modules
// (the overlays' lint among them) some 3 s to load.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../../scripts/bundle-operations.ts';
import { sampleFacts, sdkSampleFacts } from '../../scripts/pipeline/code-samples.ts';
import { rubyMethods } from '../../scripts/languages/ruby/ruby-operations.ts';
import { rubySample } from '../../scripts/languages/ruby/ruby-sample.ts';
import { rubySdk } from '../../scripts/languages/ruby/ruby-sdk.ts';
import { operations, type RequestPart } from '../../scripts/stated/operations.ts';
import { type Json, loadBundle, root } from '../support/helpers.ts';
import { jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';
import { differingFiles, languagesDir, missingFor, mustRun, requireTools, reusedWhenSame, runsHere } from '../support/languages.ts';
import { runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from '../support/wire-format.ts';

const missing = missingFor(['ruby']);
const scratch = scratchFolderPerFile('sdk-ruby');
const committed = path.join(root, 'generated', 'sdk', 'ruby');
const programs = path.join(languagesDir, 'ruby');
const remake = 'npm run sdk -- --lang ruby --out generated/sdk/ruby';
/** No gem but those of Ruby itself, and none of the user's settings: what a fresh install sees. */
const isolated = { RUBYOPT: '', RUBYLIB: '', EMAIL_DELIVERY_LOG: '' };

/**
 * `npm run sdk -- --lang ruby [--overlay ...] --out <scratch>/<name>`, in this process; written again
 * only when what makes it changed: the toolchain's scripts, manifest and lock, the description's
 * sources, its bundle and lint rules, the pins, the overlays.
 */
async function writeRubySdk(name: string, overlays: string[] = []): Promise<string> {
  const out = path.join(scratch.dir, name);
  const key = [
    { tree: path.join(root, 'scripts') },
    { tree: path.join(root, 'openapi') },
    ...['package.json', 'package-lock.json', 'generated/openapi.json', 'redocly.yaml', '.spectral.yaml', 'test/languages/pins.env'].map((file) => ({
      file: path.join(root, file),
    })),
    ...overlays.map((file) => ({ file })),
  ];
  await reusedWhenSame(`ruby-sdk-written-${name}`, key, scratch.dir, [name], async () => {
    const result = await runCommand('sdk', ['--lang', 'ruby', ...overlays.flatMap((file) => ['--overlay', file]), '--out', out]);
    expect(result.code, result.output).toBe(0);
  });
  return out;
}

/** Where this machine's RuboCop and rbs gems are (their versions are in the paths), and which Ruby runs them. */
let gemsProbe: Promise<{ rubocop: string; rbs: string; ruby: string }> | undefined;
const gems = () =>
  (gemsProbe ??= mustRun(
    'ruby',
    ['-e', 'puts Gem::Specification.find_by_name("rubocop").full_gem_path, Gem::Specification.find_by_name("rbs").full_gem_path, RUBY_DESCRIPTION'],
    root,
  ).then((result) => {
    const [rubocop, rbs, ruby] = result.stdout.trim().split('\n');
    return { rubocop, rbs, ruby };
  }));

/** A minitest file's run: its summary line, which must count its runs and no failure or error. */
async function minitest(file: string, lib: string): Promise<string> {
  const result = await mustRun('ruby', ['-I', lib, path.join(programs, file)], scratch.dir, isolated);
  const summary = /^(\d+) runs, (\d+) assertions, (\d+) failures, (\d+) errors, (\d+) skips$/m.exec(result.stdout);
  expect(summary, result.output).not.toBeNull();
  expect(summary!.slice(3), `${file}: failures, errors, skips\n${result.output}`).toEqual(['0', '0', '0']);
  return summary![0];
}

/** The arguments sdk_consumer.rb gives each operation, by its request part. */
const argumentsOf: Record<RequestPart, CallArguments> = {
  none: {},
  id: { id: 'id 1/é' },
  query: { query: { name: 'value', 'two words': 'a&b' } },
  'id+optional-body': { id: 'id 1/é', body: { any: 1 } },
  'required-body': { body: { any: 1 } },
};

// Side by side: most of each test is a Ruby process starting, or waiting for one.
describe.runIf(runsHere('the Ruby SDK', missing)).concurrent('the Ruby SDK', () => {
  let document: Json;
  beforeAll(async () => {
    requireTools(missing);
    document = await loadBundle();
  });
  /** A server that answers each operation's request with its success status and `{ ok: true }`, recording each. */
  const describedServer = async (): Promise<TestServer> => {
    const server = await startTestServer();
    server.reply = (request) => {
      const operationId = operationAt(document, request.method, request.path);
      return operationId ? jsonReply(successStatus(document, operationId), { ok: true }) : jsonReply(404, {});
    };
    return server;
  };

  describe('the committed SDK', () => {
    it(`the committed generated/sdk/ruby is what \`${remake}\` writes`, async () => {
      const out = await writeRubySdk('remade');
      expect(
        await differingFiles(out, committed, rubySdk.leftovers!),
        `generated/sdk/ruby is not what the description makes: run \`${remake}\` and commit it`,
      ).toEqual([]);
    });

    it('RuboCop passes the SDK and the Ruby programs of the tier, and rbs validates its signatures', async () => {
      const { rubocop, rbs, ruby } = await gems();
      const sdkTree = { tree: committed, ignored: rubySdk.leftovers };
      const rubocopVerdict = await reusedWhenSame('ruby-sdk-rubocop', [rubocop, ruby, sdkTree, { tree: programs }], scratch.dir, [], async () => {
        const result = await mustRun('rubocop', ['--format', 'emacs', '--no-color', committed, programs], root, isolated);
        return result.stdout;
      });
      expect(rubocopVerdict).toBe('');
      const libraries = ['net-http', 'uri', 'logger', 'monitor', 'json'].flatMap((library) => ['-r', library]);
      const rbsVerdict = await reusedWhenSame('ruby-sdk-rbs', [rbs, ruby, sdkTree], scratch.dir, [], async () => {
        const result = await mustRun('ruby', [path.join(rbs, 'exe', 'rbs'), ...libraries, '-I', 'sig', 'validate', '--silent'], committed, isolated);
        return result.output.trim();
      });
      expect(rbsVerdict).toBe('');
    });

    it('its minitest file passes: printed forms, errors by kind, the log, refusals before sending, threads', async () => {
      expect(await minitest('sdk_test.rb', path.join(committed, 'lib'))).toMatch(/^[1-9]\d* runs/);
    });
  });

  it('builds as a gem that installs with no network, from which a consumer calls every operation, each request as the description says', async () => {
    const { ruby } = await gems();
    const work = path.join(scratch.dir, 'gem');
    const home = path.join(work, 'home');
    const local = { ...isolated, GEM_HOME: home, GEM_PATH: home, HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' };
    // Packed as the release packs it (.ci/pack-ruby-sdk), and installed: again only when the SDK, the
    // script or the Ruby changed (a GEM_HOME holds no path of its own).
    const pack = path.join(root, '.ci', 'pack-ruby-sdk');
    const gemFile = await reusedWhenSame(
      'ruby-sdk-gem-installed',
      [ruby, { file: pack }, { tree: committed, ignored: rubySdk.leftovers }],
      work,
      ['dist', 'home'],
      async () => {
        const printed = (await mustRun('bash', [pack, path.join(work, 'dist')], root, isolated)).stdout.trim();
        await mustRun('gem', ['install', '--local', '--no-document', printed], work, local);
        return path.relative(work, printed);
      },
    );
    expect(gemFile).toMatch(/^dist\/email_delivery_api-\d+\.\d+\.\d+\.gem$/);
    const server = await describedServer();
    try {
      const result = await mustRun('ruby', [path.join(programs, 'sdk_consumer.rb'), server.url], work, local);
      const [loaded, fromServer] = result.stdout.replace(/^loaded (.*)\n/, '$1--\n').split('--\n');
      expect(loaded.startsWith(path.join(home, 'gems', 'email_delivery_api-')), `the consumer loaded the SDK from ${loaded}`).toBe(true);
      expect(fromServer.trim().split('\n').sort(), 'what the consumer says of each call').toEqual(operations.map((row) => `${row.operationId} ok`).sort());
      const sent = server.requests.map((request) => {
        const operationId = operationAt(document, request.method, request.path) ?? `${request.method} ${request.target}`;
        return { operationId, request: `${request.method} ${request.target}`, body: request.body, key: request.headers['x-api-key'] };
      });
      const expected = operations.map((row) => {
        const wire = wireRequest(document, row.operationId, argumentsOf[row.request]);
        return { operationId: row.operationId, request: `${wire.method} ${wire.target}`, body: wire.body, key: 'consumer-key' };
      });
      const byOperation = (a: { operationId: string }, b: { operationId: string }) => a.operationId.localeCompare(b.operationId);
      expect(sent.sort(byOperation)).toEqual(expected.sort(byOperation));
      expect(server.requests.map((request) => request.headers['user-agent'])).toEqual(
        operations.map(() => expect.stringMatching(/^email-delivery-api-ruby\/\d/)),
      );
    } finally {
      await server.close();
    }
  });

  it("every operation's Ruby sample and the Ruby of docs/sdks.md are Ruby (ruby -c's check), the methods they call the SDK's, and a sample runs against a server", async () => {
    const dir = path.join(scratch.dir, 'samples');
    await fs.mkdir(dir, { recursive: true });
    const docs = await fs.readFile(path.join(root, 'docs', 'sdks.md'), 'utf8');
    const start = docs.indexOf('\n## Ruby\n');
    const blocks = [...docs.slice(start, docs.indexOf('\n## ', start + 1)).matchAll(/```ruby\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks.length, 'Ruby blocks in the Ruby section').toBeGreaterThanOrEqual(3);
    const methods = new Set([...rubyMethods(document).map((m) => m.name), 'with_response', 'close']);
    for (const [index, block] of blocks.entries()) {
      await fs.writeFile(path.join(dir, `docs-${index}.rb`), block);
      for (const [, name] of block.matchAll(/client(?:\.with_response)?\.(\w+)/g)) expect(methods, `docs/sdks.md calls client.${name}`).toContain(name);
    }
    const described = listOperations(document);
    for (const operation of described) {
      const facts = sdkSampleFacts(sampleFacts(document, operation), '');
      await fs.writeFile(path.join(dir, `${operation.operationId}.rb`), rubySample(document, operation, 'http://127.0.0.1:4010', facts));
    }
    expect(described).toHaveLength(operations.length);
    // `ruby -c` of every file in one process: each compiled, none run.
    const check = 'ARGV.each { |file| RubyVM::InstructionSequence.compile_file(file) }; puts ARGV.size';
    const files = [...described.map((operation) => `${operation.operationId}.rb`), ...blocks.map((_, index) => `docs-${index}.rb`)];
    expect((await mustRun('ruby', ['-e', check, ...files], dir, isolated)).stdout.trim()).toBe(String(files.length));
    const server = await describedServer();
    try {
      const sample = (await fs.readFile(path.join(dir, 'getIntegration.rb'), 'utf8')).replace('http://127.0.0.1:4010', server.url);
      await fs.writeFile(path.join(dir, 'run.rb'), sample);
      const result = await mustRun('ruby', ['-I', path.join(committed, 'lib'), 'run.rb'], dir, isolated);
      expect(result.stdout.trim()).toBe('{"ok"=>true}');
      expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(['GET /v1/integrations/ID']);
    } finally {
      await server.close();
    }
  });

  it('with the example overlays, the typed classes carry the fields, and the calls their parameters and credentials', async () => {
    const overlays = ['fields.yaml', 'paging.yaml', 'idempotency.yaml', 'auth.yaml'].map((file) => path.join(root, 'examples', 'overlays', file));
    const sdk = await writeRubySdk('overlaid', overlays);
    expect(await fs.readFile(path.join(sdk, 'lib', 'email_delivery_api', 'models.rb'), 'utf8')).toContain('class SendBatchRequestBody < Model');
    expect(await minitest('overlaid_test.rb', path.join(sdk, 'lib'))).toMatch(/^[1-9]\d* runs/);
  });
});
