// Names each failed test of test-results/vitest.json with the first lines of its failure, so that
// the end of a failed run's output (all a CI log's reader may see) says what failed.
// Usage: node .ci/failed-tests.cjs [test-results/vitest.json]
'use strict';
const fs = require('node:fs');

const file = process.argv[2] || 'test-results/vitest.json';
const maxFailures = 10;
const linesPerFailure = 8;
const maxLineLength = 300;

let report;
try {
  report = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (error) {
  console.log(`ci: no test report to summarize (${file}: ${error.code || error.message})`);
  process.exit(0);
}
// What a test printed is not ours: no terminal escapes, no control characters, bounded lines.
const inert = (text) =>
  String(text)
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '?')
    .slice(0, maxLineLength);
const failed = [];
for (const suite of report.testResults || []) {
  const tests = (suite.assertionResults || []).filter((test) => test.status === 'failed');
  for (const test of tests) failed.push({ file: suite.name, name: test.fullName, message: (test.failureMessages || []).join('\n') });
  // A file that failed before any of its tests ran (an import error, a hook) has no failed test.
  if (suite.status === 'failed' && tests.length === 0) failed.push({ file: suite.name, name: '(the file itself)', message: suite.message || '' });
}
if (failed.length === 0) process.exit(0);
const root = process.cwd() + '/';
console.log(`ci: ${failed.length} failed test(s):`);
for (const failure of failed.slice(0, maxFailures)) {
  console.log(`ci: FAILED ${inert(failure.file.replace(root, ''))} > ${inert(failure.name)}`);
  // The stack's frames inside vitest say nothing about the failure: only the message and the tests' own frames.
  const lines = failure.message.split('\n').filter((line) => line.trim() !== '' && !/^\s*at .*(node_modules|<anonymous>)/.test(line));
  for (const line of lines.slice(0, linesPerFailure)) console.log(`ci:   ${inert(line.replaceAll(root, ''))}`);
}
if (failed.length > maxFailures) console.log(`ci: and ${failed.length - maxFailures} more (test-results/vitest.json)`);
