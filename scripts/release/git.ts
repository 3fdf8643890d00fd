// git in the project's folder, for the diff, the release and the site: bounded in time and in the
// bytes of its output; a failure is a ReportedError with git's own message.
import { execFile } from 'node:child_process';
import { type Project, ReportedError } from '../project.ts';

/** How long one git call may take. */
const gitTimeoutMs = 30_000;

/** Runs git in the project, `input` on its standard input, its output as bytes, at most `maxBytes` of it. */
export function gitBytes(project: Project, args: string[], maxBytes: number, input = ''): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', args, { cwd: project.root, encoding: 'buffer', maxBuffer: maxBytes, timeout: gitTimeoutMs }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const reason = error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' ? `more than ${maxBytes} bytes` : stderr.toString('utf8').trim() || error.message;
      reject(new ReportedError(`git ${args[0]} failed: ${reason}`));
    });
    // git may end before it reads everything (a failure): the callback above reports that.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

/** git's output as text, trimmed: listings, commit names, a changelog (at most 16 MiB, within the time limit). */
export async function git(project: Project, ...args: string[]): Promise<string> {
  return (await gitBytes(project, args, 16 * 1024 * 1024)).toString('utf8').trim();
}
