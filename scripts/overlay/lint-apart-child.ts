// The child process lint-apart.ts starts: reads the description with overlays (its JSON text, which
// the parent made and bounded) on stdin, lints it with the standard rules (lint-overlaid.ts), and
// writes every problem, as JSON, on stdout; then ends, whatever the linters still hold open.
import { standardProblems } from './lint-overlaid.ts';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const json = Buffer.concat(chunks).toString('utf8');
const problems = await standardProblems(JSON.parse(json), json);
process.stdout.write(JSON.stringify(problems), () => process.exit(0));
