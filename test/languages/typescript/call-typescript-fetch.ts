// Calls one operation of each request-part kind through the client OpenAPI Generator
// (typescript-fetch) generated, against the base URL given as the only argument, and prints one
// line per call: operationId, then the status the client received, or the error it raised.
import { AccountAndAccessApi, Configuration, ContactsAndListsApi, MessagesAndBatchesApi } from './index';

async function report(operationId: string, call: () => Promise<{ raw: Response }>): Promise<void> {
  try {
    console.log(operationId, (await call()).raw.status);
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    console.log(operationId, 'error', name, String(error instanceof Error ? error.message : error).split('\n')[0]);
  }
}

async function main(): Promise<void> {
  const configuration = new Configuration({ basePath: process.argv[2] });
  const account = new AccountAndAccessApi(configuration);
  const body = { any: 1 };
  await report('listScopes', () => account.listScopesRaw());
  await report('getUnsubscribeGroup', () => new ContactsAndListsApi(configuration).getUnsubscribeGroupRaw({ id: 'id 1/é' }));
  await report('getApiKey', () => account.getApiKeyRaw({ pairs: { name: 'value', 'two words': 'a&b' } }));
  await report('sendBatch', () => new MessagesAndBatchesApi(configuration).sendBatchRaw({ id: 'id 1/é', requestBody: body }));
  await report('updateUserPassword', () => account.updateUserPasswordRaw({ requestBody: body }));
}

void main();
