// verify's warning before it sends: the (overlaid) description declares security and no --header
// or --header-env carries it. A header of another name does not carry it.
import { describe, expect, it } from 'vitest';
import { missingCredentials } from '../../scripts/verify/credentials.ts';
import type { Json } from '../support/helpers.ts';

const withScheme = (scheme: Json): Json => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1.0.0' },
  paths: { '/v1/scopes': { get: { operationId: 'listScopes', responses: { '200': { description: 'OK' } } } } },
  components: { securitySchemes: { Acme: scheme } },
  security: [{ Acme: [] }],
});
const apiKey = withScheme({ type: 'apiKey', in: 'header', name: 'X-Acme-Key' });
const bearer = withScheme({ type: 'http', scheme: 'bearer' });

describe('missingCredentials', () => {
  it.each<[string, Json, [string, string][], string | undefined]>([
    ['no security declared', { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }, [], undefined],
    ['the API key header given (any case)', apiKey, [['x-acme-key', 'k']], undefined],
    ['the bearer token given', bearer, [['Authorization', 'Bearer t']], undefined],
    [
      'only a header of another name',
      apiKey,
      [['X-Unrelated', '1']],
      'the description declares security (Acme) and no --header or --header-env carries it: add --header-env X-Acme-Key=<VAR>, the variable that holds "<key>" (or --header "X-Acme-Key: <key>"); the calls go out without credentials',
    ],
    [
      'no header for a bearer scheme',
      bearer,
      [],
      'the description declares security (Acme) and no --header or --header-env carries it: add --header-env Authorization=<VAR>, the variable that holds "Bearer <token>" (or --header "Authorization: Bearer <token>"); the calls go out without credentials',
    ],
    [
      'a scheme no header carries, and some other header',
      withScheme({ type: 'oauth2', flows: {} }),
      [['X-Unrelated', '1']],
      'the description declares security (Acme) and no --header or --header-env carries it; the calls go out without credentials',
    ],
  ])('%s', (_name, document, headers, want) => {
    expect(missingCredentials(document, headers)).toBe(want);
  });
});
