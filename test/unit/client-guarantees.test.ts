// The guarantees table (test/support/guarantees.ts) for the TypeScript client, called in this
// process: the same rows the Python and Go SDKs answer through their driver programs.
import { inspect } from 'node:util';
import * as api from '../../generated/client.ts';
import {
  createEmailDeliveryClient,
  CrossOriginRedirectError,
  ResponseTooLargeError,
  UnsafePathParameterError,
  type EmailDeliveryClient,
} from '../../generated/client.ts';
import { depthRows, describeGuarantees, type Driver, languages, type OutcomeKind } from '../support/guarantees.ts';

type AnyOperation = (client: EmailDeliveryClient, ...rest: unknown[]) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The outcome an error stands for, by its type. */
function kindOf(error: unknown): OutcomeKind {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  if (error instanceof ResponseTooLargeError) return 'too_large';
  if (error instanceof CrossOriginRedirectError) return 'redirect_refused';
  if (error instanceof UnsafePathParameterError) return 'unsafe_path';
  if (error instanceof TypeError) return 'connection_error';
  return 'other';
}

const typescript: Driver = async (call) => {
  const { timeoutSeconds, maxResponseBytes, maxRetries } = call.options ?? {};
  const client = createEmailDeliveryClient({
    baseUrl: call.baseUrl,
    headers: call.headers,
    ...(timeoutSeconds === undefined ? {} : { timeoutMs: timeoutSeconds * 1000 }),
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
    ...(maxRetries === undefined ? {} : { maxRetries }),
  });
  const args = { ...(call.path ? { id: call.path[0] } : {}), ...(call.query ? { query: call.query } : {}), ...(call.body ? { body: call.body } : {}) };
  const operation = (api as unknown as Record<string, AnyOperation>)[call.operation];
  const printed = inspect(client);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const { data, error, response } = await (Object.keys(args).length > 0 ? operation(client, args) : operation(client));
    return response.ok
      ? { outcome: 'ok', status: response.status, body: data, error: '', printed, seconds: seconds() }
      : { outcome: 'api_error', status: response.status, body: error, error: '', printed, seconds: seconds() };
  } catch (error) {
    // The error's text, as str(e) or err.Error() in the other languages: its message, without its class's name.
    return { outcome: kindOf(error), error: error instanceof Error ? error.message : String(error), printed, seconds: seconds() };
  }
};

// Of the depth rows, those a client answering `{ error, response }` holds: its User-Agent under Node.
const userAgentRows = depthRows.filter((row) => row.name.startsWith('user agent:'));

describeGuarantees(languages.typescript, async () => ({ driver: typescript, close: async () => {} }), { rows: userAgentRows });
