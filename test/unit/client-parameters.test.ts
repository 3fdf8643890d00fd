// The client's parameters on the wire, in process: for each style and location OpenAPI 3.1 defines
// that the client sends (query form exploded or not, spaceDelimited and pipeDelimited arrays,
// header simple, cookie form), a given parameter and value and the wire text wanted, first from
// the runtime's serializers, then through a client on a recording server on 127.0.0.1, by name
// and by path. The wanted texts are written out by hand from the specification's style table
// (3.1.1, whose examples percent-encode the space and the pipe).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDescribedClient,
  type ParameterStyle,
  serializeCookieParameter,
  serializeHeaderParameter,
  serializeDescribedQuery,
  serializeQuery,
  serializeQueryParameter,
} from '../../scripts/pipeline/client-runtime.ts';
import { startTestServer, type TestServer } from '../support/http-server.ts';

const query = (style: ParameterStyle['style'], explode: boolean): ParameterStyle => ({ name: 'color', in: 'query', style, explode });
const rgb = { R: 100, G: 200, B: 150 };
const colors = ['blue', 'black', 'brown'];

const queryCases: { name: string; given: ParameterStyle; value: unknown; want: string }[] = [
  { name: 'form exploded, a primitive', given: query('form', true), value: 'blue', want: 'color=blue' },
  { name: 'form exploded, a number', given: query('form', true), value: 7, want: 'color=7' },
  { name: 'form exploded, an array', given: query('form', true), value: colors, want: 'color=blue&color=black&color=brown' },
  { name: 'form exploded, an object', given: query('form', true), value: rgb, want: 'R=100&G=200&B=150' },
  { name: 'form, a primitive', given: query('form', false), value: 'blue', want: 'color=blue' },
  { name: 'form, an array', given: query('form', false), value: colors, want: 'color=blue,black,brown' },
  { name: 'form, an object', given: query('form', false), value: rgb, want: 'color=R,100,G,200,B,150' },
  { name: 'spaceDelimited, an array', given: query('spaceDelimited', false), value: colors, want: 'color=blue%20black%20brown' },
  { name: 'pipeDelimited, an array', given: query('pipeDelimited', false), value: colors, want: 'color=blue%7Cblack%7Cbrown' },
  { name: 'an empty string', given: query('form', true), value: '', want: 'color=' },
  { name: 'reserved characters in a value', given: query('form', true), value: "a&b=c,d/é!*'()", want: 'color=a%26b%3Dc%2Cd%2F%C3%A9%21%2A%27%28%29' },
  { name: 'a comma inside an item, not exploded', given: query('form', false), value: ['a,b', 'c'], want: 'color=a%2Cb,c' },
  { name: 'an empty array', given: query('form', false), value: [], want: '' },
  { name: 'undefined', given: query('form', true), value: undefined, want: '' },
];

describe.each(queryCases)('query: $name', ({ given, value, want }) => {
  it(`is ${JSON.stringify(want)}`, () => {
    expect(serializeQueryParameter(given, value).join('&')).toBe(want);
  });
});

// A call of an operation that describes no parameter keeps the client's serializer (withDescribedParameters):
// it must send what the described one sends, each parameter in the default style (form, exploded).
it("the client's query serializer sends what the described one sends for parameters no description states", () => {
  const given = { color: 'blue', list: colors, rgb, none: undefined, nothing: null, empty: [], 'a b': "a&b=c,d/é!*'()", mixed: ['x', null, 'y'] };
  expect(serializeQuery(given)).toBe(serializeDescribedQuery([], given));
  expect(serializeQuery(given)).toBe(
    'color=blue&list=blue&list=black&list=brown&R=100&G=200&B=150&a%20b=a%26b%3Dc%2Cd%2F%C3%A9%21%2A%27%28%29&mixed=x&mixed=y',
  );
});

const header = (explode: boolean): ParameterStyle => ({ name: 'X-Color', in: 'header', style: 'simple', explode });
const headerCases: { name: string; given: ParameterStyle; value: unknown; want: string | undefined }[] = [
  { name: 'a primitive', given: header(false), value: 'blue', want: 'blue' },
  { name: 'an array', given: header(false), value: colors, want: 'blue,black,brown' },
  { name: 'an object', given: header(false), value: rgb, want: 'R,100,G,200,B,150' },
  { name: 'an object, exploded', given: header(true), value: rgb, want: 'R=100,G=200,B=150' },
  { name: 'characters a URL would encode, as they are', given: header(false), value: 'a b/é', want: 'a b/é' },
  { name: 'undefined', given: header(false), value: undefined, want: undefined },
];

describe.each(headerCases)('header, style simple: $name', ({ given, value, want }) => {
  it(`is ${JSON.stringify(want)}`, () => {
    expect(serializeHeaderParameter(given, value)).toBe(want);
  });
});

const cookie = (explode: boolean): ParameterStyle => ({ name: 'session', in: 'cookie', style: 'form', explode });
const cookieCases: { name: string; given: ParameterStyle; value: unknown; want: string | undefined }[] = [
  { name: 'a primitive', given: cookie(true), value: 'abc', want: 'session=abc' },
  { name: 'a primitive, percent-encoded', given: cookie(true), value: 'a b;c', want: 'session=a%20b%3Bc' },
  { name: 'an array, not exploded', given: cookie(false), value: ['a', 'b'], want: 'session=a,b' },
  { name: 'undefined', given: cookie(true), value: undefined, want: undefined },
];

describe.each(cookieCases)('cookie, style form: $name', ({ given, value, want }) => {
  it(`is ${JSON.stringify(want)}`, () => {
    expect(serializeCookieParameter(given, value)).toBe(want);
  });
});

describe('through a client, on a recording server', () => {
  let server: TestServer;
  const styles: ParameterStyle[] = [
    { name: 'cursor', in: 'query', style: 'form', explode: true },
    { name: 'tags', in: 'query', style: 'form', explode: false },
    { name: 'ids', in: 'query', style: 'pipeDelimited', explode: false },
    { name: 'Idempotency-Key', in: 'header', style: 'simple', explode: false },
    { name: 'X-Tags', in: 'header', style: 'simple', explode: false },
    { name: 'session', in: 'cookie', style: 'form', explode: true },
  ];
  type Client = { GET(path: string, init?: unknown): Promise<{ response: Response }> };
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    client = createDescribedClient(
      { baseUrl: server.url },
      { defaultBaseUrl: server.url, operationIds: { 'GET /items': 'listItems' }, parameters: { 'GET /items': styles } },
    ) as unknown as Client;
  });

  it('sends each parameter as its style says: the query, the headers and the Cookie header', async () => {
    const params = {
      query: { cursor: 'c 1', tags: ['a', 'b,c'], ids: [1, 2] },
      header: { 'Idempotency-Key': 'k-1', 'X-Tags': ['x', 'y'] },
      cookie: { session: 's;1' },
    };
    await client.GET('/items', { params });
    const [request] = server.requests;
    expect(request.target).toBe('/items?cursor=c%201&tags=a,b%2Cc&ids=1%7C2');
    expect(request.headers['idempotency-key']).toBe('k-1');
    expect(request.headers['x-tags']).toBe('x,y');
    expect(request.headers.cookie).toBe('session=s%3B1');
  });

  it('leaves out what is not given, and sends a name the description does not state as style form, exploded', async () => {
    await client.GET('/items', { params: { query: { other: ['1', '2'] } } });
    const [request] = server.requests;
    expect(request.target).toBe('/items?other=1&other=2');
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers['idempotency-key']).toBeUndefined();
  });

  it('refuses a header value with a line break before anything is sent', async () => {
    await expect(client.GET('/items', { params: { header: { 'Idempotency-Key': 'a\r\nX-Injected: 1' } } })).rejects.toThrow(TypeError);
    expect(server.requests).toEqual([]);
  });
});
