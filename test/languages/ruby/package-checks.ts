// The Ruby SDK's package checks (test/languages/sdk-packages.test.ts runs them, as every
// language's): RuboCop passes the committed SDK and the tier's Ruby programs, and `rbs validate`
// its signatures; it builds as a gem (`.ci/pack-ruby-sdk`, as the release does) that installs with
// no network into a fresh GEM_HOME, from which a consumer program (ruby/sdk_consumer.rb) calls
// every operation; every operation's Ruby sample and the docs' Ruby are Ruby (`ruby -c`'s check),
// the methods they call the SDK's; with the example overlays the typed classes carry the fields
// (ruby/overlaid_test.rb); its minitest file (ruby/sdk_test.rb) holds what is Ruby's own (printed
// forms, errors by kind, the log, refusals, threads). RuboCop's and rbs' verdicts and the gem's
// offline install are reused while their inputs are the same (reusedWhenSame): RuboCop alone
// takes some 5 s of CPU to start.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { rubyMethods } from '../../../scripts/languages/ruby/ruby-operations.ts';
import { rubySdk } from '../../../scripts/languages/ruby/ruby-sdk.ts';
import { root } from '../../support/helpers.ts';
import { languagesDir, mustRun, reusedWhenSame } from '../../support/languages.ts';
import type { PackageChecks } from '../../support/sdk-package.ts';

const programs = path.join(languagesDir, 'ruby');
const pack = path.join(root, '.ci', 'pack-ruby-sdk');
/** The tier's files RuboCop does not read (its checks among them): not part of its verdict's key. */
const notRuby = /\.ts$/;
/** No gem but those of Ruby itself, and none of the user's settings: what a fresh install sees. */
const isolated = { RUBYOPT: '', RUBYLIB: '', EMAIL_DELIVERY_LOG: '' };

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

/** A minitest file's run in `cwd`: its summary line, which must count its runs and no failure, error or skip. */
async function minitest(file: string, lib: string, cwd: string): Promise<string> {
  const result = await mustRun('ruby', ['-I', lib, path.join(programs, file)], cwd, isolated);
  const summary = /^(\d+) runs, (\d+) assertions, (\d+) failures, (\d+) errors, (\d+) skips$/m.exec(result.stdout);
  expect(summary, result.output).not.toBeNull();
  expect(summary!.slice(3), `${file}: failures, errors, skips\n${result.output}`).toEqual(['0', '0', '0']);
  return summary![0];
}

const checks: PackageChecks = {
  needs: ['ruby'],

  checkers: {
    title: "RuboCop passes the SDK and the Ruby programs of the tier, and rbs validates the SDK's signatures",
    async run(context) {
      const { rubocop, rbs, ruby } = await gems();
      const sdkTree = { tree: context.committed, ignored: rubySdk.leftovers };
      // The two side by side: each is a Ruby process of seconds.
      const [rubocopVerdict, rbsVerdict] = await Promise.all([
        reusedWhenSame('ruby-sdk-rubocop', [rubocop, ruby, sdkTree, { tree: programs, ignored: notRuby }], context.scratch, [], async () => {
          const result = await mustRun('rubocop', ['--format', 'emacs', '--no-color', context.committed, programs], root, isolated);
          return result.stdout;
        }),
        reusedWhenSame('ruby-sdk-rbs', [rbs, ruby, sdkTree], context.scratch, [], async () => {
          const libraries = ['net-http', 'uri', 'logger', 'monitor', 'json'].flatMap((library) => ['-r', library]);
          const result = await mustRun('ruby', [path.join(rbs, 'exe', 'rbs'), ...libraries, '-I', 'sig', 'validate', '--silent'], context.committed, isolated);
          return result.output.trim();
        }),
      ]);
      expect(rubocopVerdict).toBe('');
      expect(rbsVerdict).toBe('');
    },
  },

  packageTitle: 'built as a gem by .ci/pack-ruby-sdk, installed with no network into a fresh GEM_HOME',
  async installAndConsume(context, baseUrl) {
    const { ruby } = await gems();
    const work = path.join(context.scratch, 'gem');
    const home = path.join(work, 'home');
    const local = { ...isolated, GEM_HOME: home, GEM_PATH: home, HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' };
    // Packed as the release packs it, and installed: again only when the SDK, the script or the
    // Ruby changed (a GEM_HOME holds no path of its own).
    const gemFile = await reusedWhenSame(
      'ruby-sdk-gem-installed',
      [ruby, { file: pack }, { tree: context.committed, ignored: rubySdk.leftovers }],
      work,
      ['dist', 'home'],
      async () => {
        const printed = (await mustRun('bash', [pack, path.join(work, 'dist')], root, isolated)).stdout.trim();
        await mustRun('gem', ['install', '--local', '--no-document', printed], work, local);
        return path.relative(work, printed);
      },
    );
    expect(gemFile).toMatch(/^dist\/email_delivery_api-\d+\.\d+\.\d+\.gem$/);
    const result = await mustRun('ruby', [path.join(programs, 'sdk_consumer.rb'), baseUrl], work, local);
    const [loaded, ...lines] = result.stdout.trim().split('\n');
    expect(loaded.startsWith(`loaded ${path.join(home, 'gems', 'email_delivery_api-')}`), `the consumer ${loaded}`).toBe(true);
    expect(lines.at(-1), 'the consumer ends its round').toBe('--');
    return { lines: lines.slice(0, -1), rounds: 1 };
  },

  samplesTitle: "are Ruby (ruby -c's check), the methods they call the SDK's",
  sampleExtension: '.rb',
  async checkSamples(context, dir, files) {
    const docs = files.filter((file) => file.startsWith('docs_'));
    expect(docs.length, 'Ruby blocks in the Ruby section of docs/sdks.md').toBeGreaterThanOrEqual(3);
    const methods = new Set([...rubyMethods(context.document).map((method) => method.name), 'with_response', 'close']);
    for (const file of docs)
      for (const [, name] of (await fs.readFile(path.join(dir, file), 'utf8')).matchAll(/client(?:\.with_response)?\.(\w+)/g))
        expect(methods, `docs/sdks.md calls client.${name}`).toContain(name);
    // `ruby -c` of every file in one process: each compiled, none run.
    const check = 'ARGV.each { |file| RubyVM::InstructionSequence.compile_file(file) }; puts ARGV.size';
    expect((await mustRun('ruby', ['-e', check, ...files], dir, isolated)).stdout.trim()).toBe(String(files.length));
  },
  async runSample(context, dir, file) {
    const result = await mustRun('ruby', ['-I', path.join(context.committed, 'lib'), file], dir, isolated);
    expect(result.stdout.trim(), 'the answer as Ruby prints it').toBe('{"ok"=>true}');
    return result.stdout;
  },

  overlaid: {
    title:
      'with the example overlays, the typed classes carry the fields, and the calls their parameters and credentials, a keyed POST retried with one key (minitest)',
    async run(context) {
      const overlays = ['fields.yaml', 'paging.yaml', 'idempotency.yaml', 'auth.yaml'].map((file) => path.join(root, 'examples', 'overlays', file));
      const sdk = await context.writeSdk('overlaid', overlays);
      expect(await fs.readFile(path.join(sdk, 'lib', 'email_delivery_api', 'models.rb'), 'utf8')).toContain('class SendBatchRequestBody < Model');
      expect(await minitest('overlaid_test.rb', path.join(sdk, 'lib'), context.scratch)).toMatch(/^[1-9]\d* runs/);
    },
  },

  own: [
    {
      title: 'its minitest file passes: printed forms, errors by kind, the log, refusals before sending, threads',
      async run(context) {
        expect(await minitest('sdk_test.rb', path.join(context.committed, 'lib'), context.scratch)).toMatch(/^[1-9]\d* runs/);
      },
    },
  ],
};

export default checks;
