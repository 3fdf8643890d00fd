// `--header-env Name=VAR`: a header whose value is read from an environment variable, so that a
// credential is on no command line (npm echoes a script's command line, a shell keeps its history,
// and `ps` shows arguments). The MCP server (scripts/mcp/mcp-command.ts) and verify
// (scripts/verify/verify-options.ts) take it; the value is never printed.
import { forTerminal } from './escape.ts';

/**
 * `--header-env Name=VAR` pairs as [Name, value], in the order given. `fail` makes the error thrown
 * for a pair that is not Name=VAR, a variable unset or empty, or a value with a line break: its
 * message names the pair and the variable, never the value. `unsetHint` says where an unset
 * variable may have gone (an MCP client passes only the variables it names).
 */
export function headersFromEnvironment(pairs: string[], env: NodeJS.ProcessEnv, fail: (message: string) => Error, unsetHint?: string): [string, string][] {
  return pairs.map((pair) => {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=([A-Za-z_][A-Za-z0-9_]*)$/.exec(pair);
    if (!match) throw fail(`--header-env ${forTerminal(JSON.stringify(pair))}: give Name=VAR, a header name and an environment variable's name`);
    const value = env[match[2]];
    if (!value)
      throw fail(`--header-env ${match[1]}=${match[2]}: the environment variable ${match[2]} is not set or empty${unsetHint ? ` (${unsetHint})` : ''}`);
    if (/[\r\n\0]/.test(value)) throw fail(`--header-env ${match[1]}=${match[2]}: the value of ${match[2]} holds a line break, which no header can carry`);
    return [match[1], value];
  });
}
