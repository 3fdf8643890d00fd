// `npm run diff -- [<git-ref>] [--gate]`: compares the description at <git-ref> (default: the
// latest release tag v*, else main) with the working tree's: added, changed and removed
// operations, and each breaking change by kind. With --gate, a breaking change fails unless
// info.version has a new major version and CHANGELOG.md's entry for it is marked BREAKING and
// names every affected operationId. Exit 0: passed; 1: the gate failed; 2: bad arguments or ref.
const { checkout } = require('./start.ts');

async function main() {
  const { parseArgs } = await import('node:util');
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { gate: { type: 'boolean', default: false } } });
  if (positionals.length > 1) {
    console.error('diff: usage: npm run diff -- [<git-ref>] [--gate]');
    return 2;
  }
  const [
    { openProject, ReportedError },
    { bundleAt, defaultBaseRef },
    { compareBundles },
    { diffReport },
    { gateProblems },
    { bundleSource, loadRedoclyConfig, redoclySession },
    fs,
  ] = await Promise.all([
    import('../project.ts'),
    import('../release/bundle-at-ref.ts'),
    import('../release/compare.ts'),
    import('../release/diff-report.ts'),
    import('../release/release-gate.ts'),
    import('../lint/redocly.ts'),
    import('node:fs/promises'),
  ]);
  const project = openProject(checkout);
  try {
    const ref = positionals[0] ?? (await defaultBaseRef(project));
    const working = async () => (await bundleSource(redoclySession(project, await loadRedoclyConfig(project)))).bundle;
    const [base, head] = await Promise.all([bundleAt(project, ref), working()]);
    const comparison = compareBundles(base, head);
    const baseVersion = String(base.info?.version);
    const headVersion = String((head.info as { version?: unknown } | undefined)?.version);
    console.log(diffReport(comparison, `${ref} (${baseVersion})`, `working tree (${headVersion})`));
    if (!values.gate) return 0;
    const changelog = await fs.readFile(project.changelog, 'utf8').catch(() => '');
    const problems = gateProblems(comparison, baseVersion, headVersion, changelog);
    for (const problem of problems) console.error(`diff: gate: ${problem}`);
    if (problems.length > 0) return 1;
    console.log(
      comparison.breaking.length > 0
        ? 'diff: gate: the breaking changes are released as a major version with a changelog entry'
        : 'diff: gate: nothing breaks callers',
    );
    return 0;
  } catch (error) {
    console.error(`diff: ${error instanceof ReportedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 2;
  }
}

main().then((code) => (process.exitCode = code));
