// git in the project's folder, for the diff and the release: its output, trimmed; a failure is a
// ReportedError with git's own message.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Project, ReportedError } from '../project.ts';

const exec = promisify(execFile);

export async function git(project: Project, ...args: string[]): Promise<string> {
  try {
    return (await exec('git', args, { cwd: project.root, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new ReportedError(`git ${args[0]} failed: ${stderr || (error as Error).message}`);
  }
}
