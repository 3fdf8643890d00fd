// `npm run verify` in the test's own process: verify() of scripts/verify/verify.ts called directly,
// with the checkout's build; its exit code and what it printed, and the verdict line of one
// operation in its table.
import { openProject } from '../../scripts/project.ts';
import { verify, type VerifyPace } from '../../scripts/verify/verify.ts';
import { root } from './helpers.ts';

/**
 * Unpaced: the tests' servers are their own, on 127.0.0.1. A test that checks the pace passes `{}`
 * (then --rate paces, as on the command line).
 */
export const unpaced: VerifyPace = { rate: Infinity };

/** Runs `verify` in this process; its exit code and what it printed (lines, without the last line break). */
export async function verifyHere(args: string[], pace: VerifyPace = unpaced): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text), cwd: root, env: process.env };
  const code = await verify(openProject(root), args, io, pace);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The verdict line of `operationId` in the terminal table. */
export const verdictOf = (output: string, operationId: string) => output.split('\n').find((line) => new RegExp(`^[a-z ]+ {2,}${operationId} `).test(line));
