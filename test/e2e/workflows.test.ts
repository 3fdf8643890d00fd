// The workflows: actionlint passes on each (the pinned binary from .ci/install-actionlint, which
// needs Go: skipped with a line where Go is missing, failed under CI=true), and the release
// workflow keeps its promises: every action pinned to a full commit with its tag in a comment, no
// permission at the top, and no job that holds an OIDC token installs or runs the project's code.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sdkLanguages } from '../../scripts/languages/languages.ts';
import { parse } from 'yaml';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const workflowFiles = async (folder: string) =>
  (await fs.readdir(path.join(root, folder))).filter((file) => file.endsWith('.yml')).map((file) => path.join(folder, file));

interface Job {
  permissions?: Record<string, string>;
  steps: { uses?: string; run?: string; with?: Record<string, unknown> }[];
}

const releaseText = await fs.readFile(path.join(root, '.github/workflows/release.yml'), 'utf8');
const release = parse(releaseText) as { on: unknown; permissions: unknown; jobs: Record<string, Job> };

const goMissing = (await run('bash', ['-c', 'command -v go'], root)).code === 0 ? undefined : 'Go (go), which .ci/install-actionlint needs';
if (goMissing && process.env.CI !== 'true') console.warn(`workflows.test.ts: actionlint is skipped: missing ${goMissing}`);

describe('the workflows', () => {
  it.runIf(!goMissing || process.env.CI === 'true')(
    'pass actionlint',
    async () => {
      const install = await run('bash', ['.ci/install-actionlint'], root);
      expect(install.code, install.stderr).toBe(0);
      const files = [...(await workflowFiles('.github/workflows')), ...(await workflowFiles('examples/workflows'))];
      expect(files).toContain('.github/workflows/release.yml');
      const lint = await run(install.stdout.trim(), ['-no-color', ...files], root);
      expect(lint.output.trim()).toBe('');
      expect(lint.code).toBe(0);
    },
    300_000,
  );
});

// Found by a reading of the workflow (issue 53): the MCP Python client's file was in no leg, so the
// pull request never ran it (.ci/run's `npm test` did).
describe("the pull-request workflow's languages legs", () => {
  it("run every file of the languages tier, each in one leg, and each SDK language's tests in one leg", async () => {
    const workflow = parse(await fs.readFile(path.join(root, '.github/workflows/pull-request.yml'), 'utf8')) as {
      jobs: { languages: { strategy: { matrix: { include: { files: string; sdk?: string }[] } } } };
    };
    const legs = workflow.jobs.languages.strategy.matrix.include;
    // The SDK tests run in the leg of each language (EMAIL_DELIVERY_SDK_LANGUAGES, the leg's `sdk`).
    const sdkFiles = new Set(['test/languages/sdk-packages.test.ts', 'test/languages/sdk-guarantees.test.ts']);
    const inLegs = legs.flatMap((leg) => leg.files.split(/\s+/).filter((file) => file && !sdkFiles.has(file)));
    const tier = (await fs.readdir(path.join(root, 'test/languages')))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `test/languages/${file}`)
      .filter((file) => !sdkFiles.has(file));
    expect(inLegs.toSorted()).toEqual(tier.toSorted());
    for (const leg of legs.filter((leg) => leg.sdk))
      expect(leg.files.split(/\s+/), `the ${leg.sdk} leg runs the SDK tests`).toEqual(expect.arrayContaining([...sdkFiles]));
    expect(legs.flatMap((leg) => (leg.sdk ? [leg.sdk] : [])).toSorted(), 'each SDK language in one leg').toEqual(
      sdkLanguages.map((language) => language.name).toSorted(),
    );
  });
});

const pythonMissing = (await run('bash', ['-c', 'command -v python3'], root)).code === 0 ? undefined : 'Python 3, which .ci/install-zizmor needs';
if (pythonMissing && process.env.CI !== 'true') console.warn(`workflows.test.ts: zizmor is skipped: missing ${pythonMissing}`);

describe('the workflows, audited by zizmor (pinned, hash-checked)', () => {
  const zizmor = async () => {
    const install = await run('bash', ['.ci/install-zizmor'], root);
    expect(install.code, install.stderr).toBe(0);
    return install.stdout.trim();
  };

  it.runIf(!pythonMissing || process.env.CI === 'true')(
    'have no finding at its default persona, nor at its pedantic one but those suppressed in place with a reason',
    async () => {
      const bin = await zizmor();
      for (const persona of ['regular', 'pedantic']) {
        const audit = await run(bin, ['--offline', '--no-progress', '--persona', persona, '.github/workflows', 'examples/workflows'], root);
        expect(audit.code, audit.output).toBe(0);
        expect(audit.output, persona).toMatch(/No findings to report/);
      }
      for (const file of await workflowFiles('.github/workflows'))
        for (const line of (await fs.readFile(path.join(root, file), 'utf8')).split('\n').filter((l) => l.includes('zizmor: ignore')))
          expect(line, file).toMatch(/# zizmor: ignore\[[a-z-]+\] -- \S.{10,}/);
    },
    300_000,
  );

  it.runIf(!pythonMissing || process.env.CI === 'true')(
    'finds a restored package cache in a tag-triggered publishing job (the check can fail)',
    async () => {
      const bin = await zizmor();
      const folder = await makeScratchFolder('zizmor');
      try {
        await fs.writeFile(path.join(folder, 'poisoned.yml'), releaseText.replace('package-manager-cache: false', 'cache: npm'));
        const audit = await run(bin, ['--offline', '--no-progress', path.join(folder, 'poisoned.yml')], root);
        expect(audit.code).not.toBe(0);
        expect(audit.output).toContain('cache-poisoning');
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    },
    300_000,
  );

  it('runs in the verdict: .ci/run and the pull-request workflow', async () => {
    expect(await fs.readFile(path.join(root, '.ci/run'), 'utf8')).toContain(
      '"$(bash .ci/install-zizmor)" --offline --no-progress .github/workflows examples/workflows',
    );
    expect(await fs.readFile(path.join(root, '.github/workflows/pull-request.yml'), 'utf8')).toContain(
      '"$(bash .ci/install-zizmor)" --offline --no-progress .github/workflows examples/workflows',
    );
  });
});

describe('the release workflow', () => {
  it('restores no cache a pull request could have written, in any job (they build or publish what consumers get)', () => {
    for (const [name, job] of Object.entries(release.jobs))
      for (const step of job.steps) {
        expect(step.uses ?? '', name).not.toMatch(/^actions\/cache/);
        if (step.uses?.startsWith('actions/setup-node')) {
          expect(step.with?.cache, name).toBeUndefined();
          expect(step.with?.['package-manager-cache'], name).toBe(false);
        }
      }
  });

  it('runs on a pushed v* tag, with no permission at the top', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    expect(release.permissions).toEqual({});
  });

  it('pins every action to a full commit, its tag in a comment', () => {
    const uses = [...releaseText.matchAll(/^\s*(?:- )?uses: (\S+)(.*)$/gm)];
    expect(uses.length).toBeGreaterThan(0);
    for (const [line, action, comment] of uses) {
      expect(action, line).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      expect(comment, line).toMatch(/^ # v\d+\.\d+\.\d+$/);
    }
  });

  it('gives an OIDC token only to jobs that install nothing and run none of the project code', () => {
    const withToken = Object.entries(release.jobs).filter(([, job]) => job.permissions?.['id-token'] === 'write');
    expect(withToken.map(([name]) => name).sort()).toEqual(['github-release', 'pages', 'publish', 'publish-gem', 'publish-pypi']);
    for (const [name, job] of withToken) {
      const runs = job.steps.map((step) => step.run ?? '').join('\n');
      expect(runs, name).not.toMatch(/npm (ci|install|run)|npx/);
      expect(
        job.steps.some((step) => step.uses?.startsWith('actions/checkout@')),
        name,
      ).toBe(false);
    }
    expect(release.jobs.build.permissions).toEqual({ contents: 'read' });
  });

  it('publishes the tarball the build job packed, with provenance and no script', () => {
    expect(release.jobs.publish.permissions).toEqual({ 'id-token': 'write' });
    const publish = release.jobs.publish.steps.map((step) => step.run ?? '').find((text) => text.includes('npm publish'));
    expect(publish).toBe('npm publish "./$TARBALL" --provenance --access public --ignore-scripts');
    // Packed as package.test.ts checks it: no script runs, and the manifest carries none (.ci/pack-package).
    expect(release.jobs.build.steps.some((step) => step.run?.includes('bash .ci/pack-package package'))).toBe(true);
  });

  it('attaches the MCP Bundle the pack wrote, its checksum in the SHA256SUMS that is attested and checked again', () => {
    const pack = release.jobs.build.steps.find((step) => step.run?.includes('bash .ci/pack-package package'))!.run!;
    expect(pack).toContain('mv -- package/*.mcpb release-assets/');
    expect(pack).toContain('(cd release-assets && sha256sum -- *.mcpb >> SHA256SUMS && sha256sum -c SHA256SUMS)');
    const steps = release.jobs.build.steps;
    const upload = steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'release-assets');
    expect(steps.findIndex((step) => step.run === pack)).toBeLessThan(upload);
    const attest = release.jobs['github-release'].steps.find((step) => step.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest?.with?.['subject-checksums']).toBe('release-assets/SHA256SUMS');
  });

  it("attaches the Python SDK's wheel and sdist as .ci/pack-python-sdk makes them, their checksums in SHA256SUMS, and checks the Go SDK's tag is on the released commit", () => {
    const steps = release.jobs.build.steps;
    const sdks = steps.find((step) => step.run?.includes('bash .ci/pack-python-sdk release-assets'))!.run!;
    expect(sdks).toContain('bash .ci/install-languages python');
    expect(sdks).toContain('(cd release-assets && sha256sum -- email_delivery_api-*.whl email_delivery_api-*.tar.gz >> SHA256SUMS && sha256sum -c SHA256SUMS)');
    expect(sdks).toContain('test "$(git rev-parse "generated/sdk/go/$GITHUB_REF_NAME^{commit}")" = "$(git rev-parse HEAD)"');
    const upload = steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'release-assets');
    expect(steps.findIndex((step) => step.run === sdks)).toBeLessThan(upload);
  });

  it("attaches the Ruby SDK's gem as .ci/pack-ruby-sdk makes it, its checksum in SHA256SUMS, and pushes it to RubyGems.org by trusted publishing", () => {
    const steps = release.jobs.build.steps;
    const gem = steps.find((step) => step.run?.includes('bash .ci/pack-ruby-sdk release-assets'))!.run!;
    expect(gem).toContain('gem="$(bash .ci/pack-ruby-sdk release-assets)"');
    expect(gem).toContain('(cd release-assets && sha256sum -- "$(basename "$gem")" >> SHA256SUMS && sha256sum -c SHA256SUMS)');
    const upload = steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'release-assets');
    expect(steps.findIndex((step) => step.run === gem)).toBeLessThan(upload);
    const publish = release.jobs['publish-gem'];
    expect(publish.permissions).toEqual({ 'id-token': 'write' });
    expect(publish.steps.some((step) => step.uses?.startsWith('rubygems/configure-rubygems-credentials@'))).toBe(true);
    expect(publish.steps.map((step) => step.run ?? '')).toContain('gem push release-assets/email_delivery_api-*.gem');
    // Trusted publishing: no stored key, no input at all to the credentials action.
    expect(JSON.stringify(publish)).not.toMatch(/secrets\.|api-token|role-to-assume/);
  });

  it("uploads the Python SDK's wheel and sdist the build made to PyPI by trusted publishing, nothing else", () => {
    const publish = release.jobs['publish-pypi'];
    expect(publish.permissions).toEqual({ 'id-token': 'write' });
    const upload = publish.steps.find((step) => step.uses?.startsWith('pypa/gh-action-pypi-publish@'));
    expect(upload?.with?.['packages-dir']).toBe('python-dist/');
    expect(publish.steps.map((step) => step.run ?? '').join('\n')).toContain('mv -- email_delivery_api-*.whl email_delivery_api-*.tar.gz ../python-dist/');
    // Trusted publishing: no stored token.
    expect(JSON.stringify(publish)).not.toMatch(/secrets\.|password/);
  });

  it("attaches the Java SDK's jar, sources jar and POM as .ci/pack-java-sdk makes them, their checksums in SHA256SUMS", () => {
    const steps = release.jobs.build.steps;
    const pack = steps.find((step) => step.run?.includes('bash .ci/pack-java-sdk release-assets'))!.run!;
    expect(pack).toContain('bash .ci/install-languages java');
    expect(pack).toContain('>> SHA256SUMS && sha256sum -c SHA256SUMS)');
    const upload = steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'release-assets');
    expect(steps.findIndex((step) => step.run === pack)).toBeLessThan(upload);
  });

  it("attaches the PHP SDK's Composer archive as .ci/pack-php-sdk makes it, its checksum in SHA256SUMS", () => {
    const steps = release.jobs.build.steps;
    const pack = steps.find((step) => step.run?.includes('bash .ci/pack-php-sdk release-assets'))!.run!;
    expect(pack).toContain('(cd release-assets && sha256sum -- "$(basename "$archive")" >> SHA256SUMS && sha256sum -c SHA256SUMS)');
    const upload = steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@') && step.with?.name === 'release-assets');
    expect(steps.findIndex((step) => step.run === pack)).toBeLessThan(upload);
  });

  it('gives the pull-request workflow no publish job', async () => {
    const pullRequest = parse(await fs.readFile(path.join(root, '.github/workflows/pull-request.yml'), 'utf8')) as { jobs: Record<string, Job> };
    expect(Object.keys(pullRequest.jobs)).not.toContain('publish');
    expect(Object.values(pullRequest.jobs).some((job) => job.permissions?.['id-token'])).toBe(false);
  });
});
