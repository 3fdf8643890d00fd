// The install checks docs/toolchain.md promises, each against the attack it stops: a Go binary whose build
// info only mentions the pinned module (.ci/check-go-binary), a venv with a file no wheel installed
// (.ci/check-venv.py, run by the machine's Python), a cache folder others may write
// (.ci/private-cache, and Node's compile cache in scripts/cli/compile-cache.ts), and a process the tests
// leave running (.ci/leftover-processes).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const work = scratchFolderPerFile('install-checks');
beforeAll(async () => {});
afterAll(async () => {});

const ci = (script: string) => path.join(root, '.ci', script);

describe('.ci/check-go-binary: the exact main package, module, version and hash', () => {
  const module = 'github.com/oapi-codegen/oapi-codegen/v2';
  const sum = 'h1:68UGCFId8tysEuz1jqDgem0Lnz0d6T+73br+KwH/W6k=';
  // `go version -m` of the pinned oapi-codegen, trimmed to its form: tab-separated rows.
  const genuine = [
    '/cache/bin/oapi-codegen: go1.26.8',
    `\tpath\t${module}/cmd/oapi-codegen`,
    `\tmod\t${module}\tv2.8.2\t${sum}`,
    '\tdep\tgithub.com/getkin/kin-openapi\tv0.142.0\th1:izj0vBdFprMhitfzaX8sTqztsEQyvwhssBoB6n8NO7w=',
    '\tbuild\t-buildmode=exe',
  ].join('\n');
  const check = (buildInfo: string) =>
    new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = spawn('bash', [ci('check-go-binary'), '-', `${module}/cmd/oapi-codegen`, module, 'v2.8.2', sum]);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
      child.stdin.end(buildInfo);
    });

  it('accepts the pinned build', async () => {
    expect(await check(genuine)).toEqual({ code: 0, stderr: '' });
  });

  it.each([
    [
      'a binary that only depends on the pinned module (the old check accepted it)',
      ['/x: go1.26.8', '\tpath\texample.com/evil', '\tmod\texample.com/evil\t(devel)\t', `\tdep\t${module}\tv2.8.2\t${sum}`].join('\n'),
      'its main package is example.com/evil',
    ],
    ['another command of the same module', genuine.replace('/cmd/oapi-codegen\n', '/cmd/other\n'), `its main package is ${module}/cmd/other`],
    ['another version', genuine.replace('\tv2.8.2\t', '\tv2.8.1\t'), `it was built from ${module} v2.8.1, not v2.8.2`],
    ['another hash', genuine.replace(sum, 'h1:AAAA='), 'its module hash is h1:AAAA=, not the pinned'],
    ['a replaced dependency', `${genuine}\n\t=>\t./evil\t(devel)\t`, 'it replaces a module: ./evil'],
    ['no build info', 'not a Go binary', 'names 0 main packages'],
  ])('refuses %s, naming why', async (_name, buildInfo, why) => {
    const { code, stderr } = await check(buildInfo);
    expect(code).toBe(1);
    expect(stderr).toContain(why);
  });
});

describe(".ci/check-venv.py: run by the machine's Python, every file from a wheel", () => {
  let venv = '';
  let sitePackages = '';
  let recorded = '';
  // A venv without pip (fast), holding one distribution as pip installs a wheel: its files and a
  // RECORD with each file's SHA-256.
  beforeAll(async () => {
    venv = path.join(work.dir, 'venv');
    const made = await run('python3', ['-m', 'venv', '--without-pip', venv], work.dir);
    expect(made.code, made.output).toBe(0);
    const [lib] = await fs.readdir(path.join(venv, 'lib'));
    sitePackages = path.join(venv, 'lib', lib, 'site-packages');
    recorded = path.join(sitePackages, 'demo.py');
    const text = 'VALUE = 1\n';
    await fs.writeFile(recorded, text);
    const info = path.join(sitePackages, 'demo-1.0.dist-info');
    await fs.mkdir(info);
    const metadata = 'Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n';
    await fs.writeFile(path.join(info, 'METADATA'), metadata);
    // Its console script, as pip writes one: the venv's own python named in its first line.
    const script = `#!${venv}/bin/python\nfrom demo import VALUE\n`;
    await fs.writeFile(path.join(venv, 'bin', 'demo'), script, { mode: 0o755 });
    const digest = (bytes: string) => createHash('sha256').update(bytes).digest('base64url');
    await fs.writeFile(
      path.join(info, 'RECORD'),
      [
        `demo.py,sha256=${digest(text)},${text.length}`,
        `demo-1.0.dist-info/METADATA,sha256=${digest(metadata)},${metadata.length}`,
        `../../../bin/demo,sha256=${digest(script)},${script.length}`,
        'demo-1.0.dist-info/RECORD,,\n',
      ].join('\n'),
    );
  });
  const check = () => run('python3', ['-I', ci('check-venv.py'), venv], work.dir);

  it('passes a venv as pip made it', async () => {
    const result = await check();
    expect(result.code, result.output).toBe(0);
  });

  it.each([
    ['an added .pth file', 'evil.pth', 'import os; os.system("touch /tmp/pwned")\n'],
    ['an added sitecustomize.py', 'sitecustomize.py', 'print("ran before anything")\n'],
  ])('fails on %s, naming it', async (_name, file, text) => {
    const added = path.join(sitePackages, file);
    await fs.writeFile(added, text);
    try {
      const result = await check();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${added}: no wheel installed this file`);
    } finally {
      await fs.rm(added);
    }
  });

  it('fails on a file a RECORD lists without a hash (an `evil.pth,,` row added to vouch for it)', async () => {
    const record = path.join(sitePackages, 'demo-1.0.dist-info', 'RECORD');
    const before = await fs.readFile(record, 'utf8');
    const added = path.join(sitePackages, 'evil.pth');
    await fs.writeFile(added, 'import os\n');
    await fs.writeFile(record, `${before}evil.pth,,\n`);
    try {
      const result = await check();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${added}: its RECORD row has no hash, so nothing vouches for it`);
    } finally {
      await fs.writeFile(record, before);
      await fs.rm(added);
    }
  });

  // Found by the benchmark (issue 51): a tools cache renamed whole kept a venv whose every script
  // named the old folder's python, and the languages tier failed with exit 1 and no word why.
  it('fails on a venv moved after it was built, naming a script that starts with the old folder', async () => {
    const moved = path.join(work.dir, 'moved-venv');
    await fs.cp(venv, moved, { recursive: true, verbatimSymlinks: true });
    const result = await run('python3', ['-I', ci('check-venv.py'), moved], work.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(moved, 'bin', 'demo')}: starts with another folder's python (the venv was moved after it was built)`);
  });

  it('fails on a changed file a wheel installed, and refuses to run inside the venv it checks', async () => {
    const text = await fs.readFile(recorded, 'utf8');
    await fs.writeFile(recorded, `${text}# changed\n`);
    try {
      const result = await check();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${recorded}: its SHA-256 is not the one its wheel recorded`);
    } finally {
      await fs.writeFile(recorded, text);
    }
    const inside = await run(path.join(venv, 'bin', 'python'), ['-I', ci('check-venv.py'), venv], work.dir);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain("the venv it checks: run it with the machine's python3");
  });
});

describe('caches only the user can write', () => {
  it('.ci/private-cache makes a folder 0700, tightens one only the user writes, and refuses one others may write', async () => {
    const fresh = path.join(work.dir, 'cache-a', 'tools');
    expect((await run('bash', [ci('private-cache'), fresh], work.dir)).code).toBe(0);
    expect((await fs.stat(fresh)).mode & 0o777).toBe(0o700);
    const readable = path.join(work.dir, 'cache-b');
    await fs.mkdir(readable, { mode: 0o755 });
    expect((await run('bash', [ci('private-cache'), readable], work.dir)).code).toBe(0);
    expect((await fs.stat(readable)).mode & 0o777).toBe(0o700);
    const seeded = path.join(work.dir, 'cache-c');
    await fs.mkdir(seeded);
    await fs.chmod(seeded, 0o777);
    const refused = await run('bash', [ci('private-cache'), seeded], work.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${seeded} may be written by group or others (mode 777)`);
  });

  it("Node's compile cache: under the user's cache folder with mode 0700, and off when others may write it", async () => {
    const home = path.join(work.dir, 'xdg');
    const cacheDir = () =>
      run(
        process.execPath,
        [
          '-e',
          "const dir = require('./scripts/cli/compile-cache.ts').privateCompileCache(); if (dir) require('node:module').enableCompileCache(dir); console.log(require('node:module').getCompileCacheDir() ?? 'off')",
        ],
        root,
        {
          XDG_CACHE_HOME: home,
          NODE_COMPILE_CACHE: '',
        },
      );
    const folder = path.join(home, 'email-delivery-api', 'node-compile-cache');
    expect((await cacheDir()).stdout.trim()).toMatch(new RegExp(`^${folder}/`));
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o700);
    await fs.chmod(folder, 0o777);
    expect((await cacheDir()).stdout.trim()).toBe('off');
  });
});

describe('.ci/leftover-processes: no process left behind', () => {
  it('names a Kotlin daemon a test run left running and fails; --kill ends it', async () => {
    const mark = `install-checks-${process.pid}`;
    // A stand-in with a Kotlin daemon's command line, marked as a test run's child.
    const daemon = spawn('bash', ['-c', "exec -a '/usr/bin/java org.jetbrains.kotlin.daemon.KotlinCompileDaemon' sleep 60"], {
      env: { ...process.env, EMAIL_DELIVERY_TEST_RUN: mark },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => daemon.on('exit', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const found = await run('bash', [ci('leftover-processes')], root, { EMAIL_DELIVERY_TEST_RUN: mark });
      expect(found.code).toBe(1);
      expect(found.stderr).toContain(`a Kotlin compile daemon (pid ${daemon.pid}) started by the tests is still running`);
      const killed = await run('bash', [ci('leftover-processes'), '--kill'], root, { EMAIL_DELIVERY_TEST_RUN: mark });
      expect(killed.code).toBe(0);
      await exited;
      expect((await run('bash', [ci('leftover-processes')], root, { EMAIL_DELIVERY_TEST_RUN: mark })).code).toBe(0);
    } finally {
      daemon.kill('SIGKILL');
    }
  });
});
