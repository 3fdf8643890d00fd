// The credentials' carriers as security schemes: a bearer token (`Authorization: Bearer`) or an
// API key in a header, declared once under `components.securitySchemes` (or the scheme the
// user's overlays declare for the same header, reused), and required on each operation that
// carried it (with "or none" where the same operation was also seen answering without credentials:
// one refused without them, 401 or 403, shows they are needed, observations.ts). The
// operations the traffic did not show with credentials are left as the traffic leaves them: the
// description's root says that the schemes seen may be sent, or none (once a scheme is declared,
// the overlaid lint's security-defined rule, scripts/overlay/lint-overlaid.ts, asks each operation
// or the root to state its security, and nothing was seen to require it there). Headers sent
// together are required together. A carrier the project's client cannot send (basic, an API key in
// the query or a cookie) is reported and not declared: the build refuses a scheme its client would
// never send (scripts/overlay/client-support.ts). Each scheme's name gives the MCP server's
// environment variable for its credential (scripts/mcp/tool-table.ts' credentialVariable): no two
// schemes share one.
import { isRef, type OpenApiDocument } from '../openapi-document.ts';
import { type Carrier, clientSends } from './credential-carriers.ts';
import { shownName } from './field-names.ts';
import { earlierSpelling, type OperationSeen } from './observations.ts';
import type { OverlayAction } from './overlay-text.ts';
import { compare } from './shape.ts';
import { learnLimits } from './learn-limits.ts';
import { credentialVariable } from '../mcp/tool-table.ts';

export interface SecurityPlan {
  actions: OverlayAction[];
  /** The security requirements of each operation (`method path`) that carried a credential. */
  requirements: Map<string, Record<string, string[]>[]>;
  notes: string[];
}

/** A scheme name for a carrier: `ObservedBearer`, `ObservedXApiKey` (the header's name in PascalCase, letters and digits only). */
function schemeName(carrier: Carrier): string {
  if (carrier.kind === 'bearer') return 'ObservedBearer';
  return `Observed${carrier.name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('')}`;
}

/** The scheme `document` declares already for `carrier`, if it does. */
function declaredScheme(document: OpenApiDocument, carrier: Carrier): string | undefined {
  for (const [name, node] of Object.entries(document.components?.securitySchemes ?? {})) {
    if (isRef(node)) continue;
    if (carrier.kind === 'bearer' && node.type === 'http' && String(node.scheme).toLowerCase() === 'bearer') return name;
    if (carrier.kind === 'apiKey' && node.type === 'apiKey' && node.in === carrier.in && String(node.name).toLowerCase() === carrier.name.toLowerCase())
      return name;
  }
  return undefined;
}

const schemeObject = (carrier: Carrier, count: number) =>
  carrier.kind === 'bearer'
    ? {
        type: 'http',
        scheme: 'bearer',
        description: `A token, sent as \`Authorization: Bearer <token>\`: observed in ${count} recorded ${count === 1 ? 'exchange' : 'exchanges'} (\`npm run learn\`); the token itself is not recorded here.`,
      }
    : {
        type: 'apiKey',
        in: 'header',
        name: carrier.name,
        description: `A key, sent in the \`${carrier.name}\` header: observed in ${count} recorded ${count === 1 ? 'exchange' : 'exchanges'} (\`npm run learn\`); the key itself is not recorded here.`,
      };

/** The security schemes, requirements and notes of the carriers seen on `operations`. */
export function securityPlan(document: OpenApiDocument, operations: OperationSeen[]): SecurityPlan {
  const carriers = new Map<string, { carrier: Carrier; count: number }>();
  const cookies = new Map<string, number>();
  let otherCookies = 0;
  for (const seen of operations) {
    for (const [key, { carrier, count }] of seen.credentials.kept)
      carriers.set(key, { carrier: earlierSpelling(carriers.get(key)?.carrier, carrier), count: (carriers.get(key)?.count ?? 0) + count });
    for (const [name, count] of seen.cookies.sorted()) cookies.set(name, (cookies.get(name) ?? 0) + count);
    otherCookies += seen.otherCookies + seen.cookies.others;
  }
  const names = new Map<string, string>();
  const declared: Record<string, unknown> = {};
  const notes: string[] = [];
  let carrying = 0;
  const taken = new Set(Object.keys(document.components?.securitySchemes ?? {}));
  // Each scheme's credential is read from an environment variable named after it (the MCP server's): one per scheme.
  const variables = new Set([...taken].map(credentialVariable));
  for (const [key, { carrier, count }] of [...carriers].sort(([a], [b]) => compare(a, b))) {
    if (!clientSends(carrier)) {
      notes.push(
        `credentials: ${carrier.kind === 'basic' ? 'HTTP basic (Authorization: Basic)' : `an API key in the ${carrier.in} ${shownName(carrier.name)}`} seen in ${count} ${count === 1 ? 'exchange' : 'exchanges'}: ${notSent}`,
      );
      continue;
    }
    carrying += count;
    let name = declaredScheme(document, carrier);
    if (name === undefined) {
      name = schemeName(carrier);
      for (let n = 2; taken.has(name) || variables.has(credentialVariable(name)); n++) name = `${schemeName(carrier)}${n}`;
      taken.add(name);
      variables.add(credentialVariable(name));
      declared[name] = schemeObject(carrier, count);
      const sent = carrier.kind === 'bearer' ? 'Authorization: Bearer' : `the header ${carrier.name}`;
      notes.push(`credentials: ${name} (${sent}) declared; the MCP server sends it from $${credentialVariable(name)}`);
    }
    names.set(key, name);
  }
  cookieNotes(cookies, otherCookies, notes);
  const actions: OverlayAction[] = [];
  if (Object.keys(declared).length > 0)
    actions.push({
      target: '$.components',
      description: 'The credentials seen, as security schemes',
      update: { securitySchemes: declared },
      'x-observed': carrying,
    });
  if (names.size > 0 && document.security === undefined)
    actions.push({
      target: '$',
      description: 'The operations not seen with credentials: the schemes seen may be sent, or none (not known)',
      update: { security: [{}, ...[...new Set(names.values())].sort(compare).map((name) => ({ [name]: [] }))] },
      'x-observed': carrying,
    });
  const requirements = new Map<string, Record<string, string[]>[]>();
  for (const seen of operations) {
    const required = requirementsOf(seen, names);
    if (required.some((requirement) => Object.keys(requirement).length > 0)) requirements.set(`${seen.operation.method} ${seen.operation.path}`, required);
  }
  return { actions, requirements, notes };
}

/** The cookies seen, as notes: the first learnLimits.notes by name, then how many more (their names not shown). */
function cookieNotes(cookies: Map<string, number>, others: number, notes: string[]): void {
  const sorted = [...cookies].sort(([a], [b]) => compare(a, b));
  for (const [cookie, count] of sorted.slice(0, learnLimits.notes))
    notes.push(`credentials: the cookie ${shownName(cookie)} (a session's, perhaps) seen in ${count} ${count === 1 ? 'exchange' : 'exchanges'}: ${notSent}`);
  const unnamed = others + sorted.slice(learnLimits.notes).reduce((sum, [, count]) => sum + count, 0);
  if (unnamed > 0) notes.push(`credentials: ${unnamed} more ${unnamed === 1 ? 'cookie' : 'cookies'} (names not shown): ${notSent}`);
}

const notSent = 'not declared, the client sends credentials as a header only (a bearer token or an API key header)';

/**
 * An operation's security requirements: one for each combination of schemes an exchange sent
 * together (two headers sent together are both required: `{A: [], B: []}`, not either), and "or
 * none" (`{}`) where an exchange carried none the client sends; the ones with schemes first.
 */
function requirementsOf(seen: OperationSeen, names: Map<string, string>): Record<string, string[]>[] {
  const keys = new Set<string>();
  let none = seen.combinations.others > 0;
  for (const [combination] of seen.combinations.sorted()) {
    const schemes = [...new Set(combination.split('\n').flatMap((key) => (names.has(key) ? [names.get(key)!] : [])))].sort(compare);
    if (schemes.length === 0) none = true;
    else keys.add(schemes.join('\n'));
  }
  const required = [...keys].sort(compare).map((joined) => Object.fromEntries(joined.split('\n').map((name) => [name, [] as string[]])));
  return none ? [...required, {}] : required;
}
