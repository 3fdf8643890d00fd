// Type tests (vitest typecheck): each operation's response data is its named payload schema,
// and the compiler refuses calls the description does not allow.
import { describe, expectTypeOf, test } from 'vitest';
import * as api from '../../generated/client.ts';
import { createEmailDeliveryClient, type paths, type Schemas } from '../../generated/client.ts';

const client = createEmailDeliveryClient();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data<F extends (...args: any[]) => Promise<{ data?: unknown }>> = Awaited<ReturnType<F>>['data'];

describe('response data types: each operation answers with its named payload schema', () => {
  test('by operation function', () => {
    expectTypeOf<Data<typeof api.listScopes>>().toEqualTypeOf<Schemas['ListScopesResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getApiKey>>().toEqualTypeOf<Schemas['GetApiKeyResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.listUnsubscribeGroups>>().toEqualTypeOf<Schemas['ListUnsubscribeGroupsResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getUnsubscribeGroup>>().toEqualTypeOf<Schemas['GetUnsubscribeGroupResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.replaceUnsubscribeGroup>>().toEqualTypeOf<Schemas['ReplaceUnsubscribeGroupResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.deleteUnsubscribeGroup>>().toEqualTypeOf<Schemas['DeleteUnsubscribeGroupResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getInboundWebhook>>().toEqualTypeOf<Schemas['GetInboundWebhookResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getAccessibilityResult>>().toEqualTypeOf<Schemas['GetAccessibilityResultResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getLinkValidation>>().toEqualTypeOf<Schemas['GetLinkValidationResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.listSubaccountEngagementScores>>().toEqualTypeOf<Schemas['ListSubaccountEngagementScoresResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.deleteVerifiedSender>>().toEqualTypeOf<Schemas['DeleteVerifiedSenderResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.exportContacts>>().toEqualTypeOf<Schemas['ExportContactsResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.sendBatch>>().toEqualTypeOf<Schemas['SendBatchResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.replaceLinkBranding>>().toEqualTypeOf<Schemas['ReplaceLinkBrandingResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.listDelayReasonMetrics>>().toEqualTypeOf<Schemas['ListDelayReasonMetricsResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getIntegration>>().toEqualTypeOf<Schemas['GetIntegrationResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getFooterSetting>>().toEqualTypeOf<Schemas['GetFooterSettingResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.deleteMessage>>().toEqualTypeOf<Schemas['DeleteMessageResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getMessageStatus>>().toEqualTypeOf<Schemas['GetMessageStatusResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.updateUserPassword>>().toEqualTypeOf<Schemas['UpdateUserPasswordResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getReputationScore>>().toEqualTypeOf<Schemas['GetReputationScoreResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.deleteIntegrations>>().toEqualTypeOf<Schemas['DeleteIntegrationsResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getMailSettings>>().toEqualTypeOf<Schemas['GetMailSettingsResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.listCustomFields>>().toEqualTypeOf<Schemas['ListCustomFieldsResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getEnforcedTlsSetting>>().toEqualTypeOf<Schemas['GetEnforcedTlsSettingResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.deleteWebhook>>().toEqualTypeOf<Schemas['DeleteWebhookResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.listWebhooks>>().toEqualTypeOf<Schemas['ListWebhooksResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.getQuotaHistory>>().toEqualTypeOf<Schemas['GetQuotaHistoryResponseBody'] | undefined>();
    expectTypeOf<Data<typeof api.listQuotas>>().toEqualTypeOf<Schemas['ListQuotasResponseBody'] | undefined>();
  });

  test('single resources are open objects; collections and delete results constrain nothing', () => {
    expectTypeOf<Schemas['GetApiKeyResponseBody']>().toEqualTypeOf<{ [key: string]: unknown }>();
    expectTypeOf<Schemas['UpdateUserPasswordRequestBody']>().toEqualTypeOf<{ [key: string]: unknown }>();
    expectTypeOf<Schemas['ListWebhooksResponseBody']>().toBeUnknown();
    expectTypeOf<Schemas['DeleteMessageResponseBody']>().toBeUnknown();
  });

  test('by path: sendBatch (#13) is keyed 201, every other operation 200', async () => {
    type SendBatchResponses = paths['/v1/batches/{id}/send']['post']['responses'];
    expectTypeOf<keyof SendBatchResponses>().toEqualTypeOf<201 | 'default'>();
    expectTypeOf<SendBatchResponses[201]['content']['application/json']>().toEqualTypeOf<Schemas['SendBatchResponseBody']>();
    expectTypeOf<keyof paths['/v1/webhooks']['get']['responses']>().toEqualTypeOf<200 | 'default'>();
    const { data } = await client.POST('/v1/batches/{id}/send', { params: { path: { id: 'b1' } } });
    expectTypeOf(data).toEqualTypeOf<Schemas['SendBatchResponseBody'] | undefined>();
    const webhooks = await client.GET('/v1/webhooks');
    expectTypeOf(webhooks.data).toEqualTypeOf<Schemas['ListWebhooksResponseBody'] | undefined>();
  });
});

describe('calls the description does not allow do not compile', () => {
  test('unknown path, wrong method, missing id', () => {
    // @ts-expect-error an unknown path
    void client.GET('/v1/no-such-path');
    // @ts-expect-error /v1/scopes has no POST
    void client.POST('/v1/scopes');
    // @ts-expect-error /v1/integrations/{id} has no DELETE (#22 deletes at the collection path)
    void client.DELETE('/v1/integrations/{id}', { params: { path: { id: 'i1' } } });
    // @ts-expect-error the id is required
    void client.GET('/v1/integrations/{id}');
    // @ts-expect-error the id is required
    void api.getUnsubscribeGroup(client, {});
    // @ts-expect-error the id is a string
    void api.deleteWebhook(client, { id: 42 });
  });

  test('a body or query where rule 1 allows none', () => {
    // @ts-expect-error #1 takes no body
    void client.GET('/v1/scopes', { body: {} });
    // @ts-expect-error #12 takes no body
    void client.POST('/v2/contacts/export/filter', { body: { filter: 'x' } });
    // @ts-expect-error #1 takes no query
    void client.GET('/v1/scopes', { params: { query: { limit: 1 } } });
    // @ts-expect-error #27 takes no request part
    void api.listWebhooks(client, { query: { limit: '1' } });
    // @ts-expect-error #20 requires its body
    void api.updateUserPassword(client, {});
    // @ts-expect-error open query values are strings
    void api.getApiKey(client, { query: { limit: 10 } });
  });

  test('what the description allows does compile', () => {
    void api.getApiKey(client, { query: { any: 'name', other: 'value' } });
    void api.getApiKey(client);
    void api.sendBatch(client, { id: 'b1', body: { anything: ['goes'] } });
    void api.sendBatch(client, { id: 'b1' });
    void api.updateUserPassword(client, { body: {} });
    void client.PATCH('/v1/user/password', { body: { any: 1 } });
    void client.GET('/v1/messages/status', { params: { query: { pairs: { a: 'b' } } } });
  });
});

describe('the schema names before 1.0.0', () => {
  test('still name the same types, deprecated, for one major version', () => {
    expectTypeOf<Schemas['ListScopesResponse']>().toEqualTypeOf<Schemas['ListScopesResponseBody']>();
    expectTypeOf<Schemas['SendBatchRequest']>().toEqualTypeOf<Schemas['SendBatchRequestBody']>();
    expectTypeOf<Schemas['Error']>().toEqualTypeOf<Schemas['ErrorBody']>();
  });
});
