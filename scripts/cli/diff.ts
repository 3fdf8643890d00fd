// `npm run diff -- [<git-ref>] [--gate] [--format text|markdown]`: compares the description at
// <git-ref> (default: the latest release tag v*, else main) with the working tree's: added, changed
// and removed operations, and each breaking change by kind. With --gate, a breaking change fails
// unless info.version has a new major version and CHANGELOG.md's entry for it is marked BREAKING
// and names every affected operationId. `--format markdown` prints the same as Markdown, the gate's
// verdict included, for a pull request's job summary. Exit 0: passed; 1: the gate failed; 2: bad
// arguments or ref.
const { checkout } = require('./start.ts');

const usage = 'diff: usage: npm run diff -- [<git-ref>] [--gate] [--format text|markdown]';

async function main() {
  const { parseArgs } = await import('node:util');
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { gate: { type: 'boolean', default: false }, format: { type: 'string', default: 'text' } },
  });
  if (positionals.length > 1 || !['text', 'markdown'].includes(values.format)) {
    console.error(usage);
    return 2;
  }
  const [
    { openProject, ReportedError },
    { bundleAt, defaultBaseRef },
    { compareBundles },
    { diffReport },
    { diffMarkdown },
    { gateProblems, gateVerdict },
    { bundleWithinBoundary, loadRedoclyConfig },
    fs,
    { forTerminal },
  ] = await Promise.all([
    import('../project.ts'),
    import('../release/bundle-at-ref.ts'),
    import('../release/compare.ts'),
    import('../release/diff-report.ts'),
    import('../release/diff-markdown.ts'),
    import('../release/release-gate.ts'),
    import('../lint/redocly.ts'),
    import('node:fs/promises'),
    import('../escape.ts'),
  ]);
  const project = openProject(checkout);
  try {
    const ref = positionals[0] ?? (await defaultBaseRef(project));
    const working = async () => (await bundleWithinBoundary(project, await loadRedoclyConfig(project))).bundle;
    const [base, head] = await Promise.all([bundleAt(project, ref), working()]);
    const comparison = compareBundles(base, head);
    const baseVersion = String(base.info?.version);
    const headVersion = String((head.info as { version?: unknown } | undefined)?.version);
    const [from, to] = [`${ref} (${baseVersion})`, `working tree (${headVersion})`];
    const changelog = values.gate ? await fs.readFile(project.changelog, 'utf8').catch(() => '') : '';
    const problems = values.gate ? gateProblems(comparison, baseVersion, headVersion, changelog) : [];
    const gate = values.gate ? { problems, verdict: gateVerdict(comparison, problems) } : undefined;
    if (values.format === 'markdown') process.stdout.write(diffMarkdown(comparison, from, to, gate));
    else console.log(diffReport(comparison, from, to).split('\n').map(forTerminal).join('\n'));
    for (const problem of problems) console.error(`diff: gate: ${forTerminal(problem)}`);
    if (gate && problems.length === 0 && values.format === 'text') console.log(`diff: gate: ${gate.verdict}`);
    return problems.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(`diff: ${error instanceof ReportedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 2;
  }
}

main().then((code) => (process.exitCode = code));
