// A running SDK driver program (docs/sdks.md; the protocol of the guarantees table): one JSON line
// in per call, one JSON line out, in order. The test sends a line, sets up its server between
// calls as it likes, and awaits the answer; closing stdin ends the program.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

/** One call, as the driver reads it. */
export interface DriverCall {
  baseUrl: string;
  headers?: Record<string, string>;
  options?: { timeoutSeconds?: number; maxResponseBytes?: number; maxRetries?: number };
  operation: string;
  path?: string[];
  query?: Record<string, string>;
  body?: unknown;
}

/** What the driver writes of one call. */
export interface DriverOutcome {
  outcome: 'ok' | 'api_error' | 'timeout' | 'too_large' | 'redirect_refused' | 'unsafe_path' | 'connection_error' | 'other';
  status: number;
  body: unknown;
  error: string;
  printed: string;
  seconds: number;
}

export interface Driver {
  call(line: DriverCall): Promise<DriverOutcome>;
  close(): Promise<void>;
}

/** Starts `command` as a driver; its stderr is kept for the message of a failure. */
export function startDriver(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Driver {
  const child: ChildProcessWithoutNullStreams = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
  let stderr = '';
  let buffered = '';
  const waiting: { resolve: (outcome: DriverOutcome) => void; reject: (error: Error) => void }[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const next = waiting.shift();
      try {
        next?.resolve(JSON.parse(line) as DriverOutcome);
      } catch {
        next?.reject(new Error(`the driver wrote a line that is not JSON: ${line}`));
      }
    }
  });
  void exited.then((code) => {
    for (const next of waiting.splice(0)) next.reject(new Error(`the driver exited (${code}) before answering:\n${stderr}`));
  });
  return {
    call(line) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify(line)}\n`);
      });
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) throw new Error(`the driver exited ${code}:\n${stderr}`);
    },
  };
}
