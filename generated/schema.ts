// TypeScript types of the Email Delivery Service API description (openapi-typescript).
// Generated from generated/openapi.json by `npm run build`. Do not edit: change openapi/ and rebuild.

export interface paths {
    "/v1/scopes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List scopes
         * @description Lists the scopes.
         *
         *     Operation #1 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listScopes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the API key
         * @description Returns the API key.
         *
         *     Operation #2 of the interface document, which states its method, path and success label (OK).
         *     It has request parameters whose names are not specified: pass any name=value pairs, sent as query parameters.
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/unsubscribe-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List unsubscribe groups
         * @description Lists the unsubscribe groups.
         *
         *     Operation #3 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listUnsubscribeGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/unsubscribe-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an unsubscribe group
         * @description Returns one unsubscribe group.
         *
         *     Operation #4 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getUnsubscribeGroup"];
        /**
         * Replace an unsubscribe group
         * @description Replaces one unsubscribe group.
         *
         *     Operation #5 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     It may take a JSON request body whose fields are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        put: operations["replaceUnsubscribeGroup"];
        post?: never;
        /**
         * Delete an unsubscribe group
         * @description Deletes one unsubscribe group.
         *
         *     Operation #6 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        delete: operations["deleteUnsubscribeGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbound-webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an inbound webhook
         * @description Returns one inbound webhook.
         *
         *     Operation #7 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getInboundWebhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/email-testing/accessibility/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an accessibility test result
         * @description Returns one email-testing accessibility result.
         *
         *     Operation #8 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getAccessibilityResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/email-testing/link-validation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the link validation
         * @description Returns the email-testing link validation.
         *
         *     Operation #9 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getLinkValidation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/engagement/subaccount-scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subaccount engagement scores
         * @description Lists the subaccount engagement scores.
         *
         *     Operation #10 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listSubaccountEngagementScores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/verified-senders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a verified sender
         * @description Deletes one verified sender.
         *
         *     Operation #11 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        delete: operations["deleteVerifiedSender"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/contacts/export/filter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export contacts by filter
         * @description Exports contacts by filter.
         *
         *     Operation #12 of the interface document, which states its method, path and success label (OK).
         *     The interface document shows no request part for this operation.
         *     Response fields, errors and required authorization are not specified.
         */
        post: operations["exportContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a batch
         * @description Sends one batch.
         *
         *     Operation #13 of the interface document, which states its method, path and success label (Created).
         *     `id` identifies the resource; its type and format are not specified.
         *     It may take a JSON request body whose fields are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        post: operations["sendBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/link-branding/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a link branding
         * @description Replaces one link branding.
         *
         *     Operation #14 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     It may take a JSON request body whose fields are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        put: operations["replaceLinkBranding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics/delay-reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delay-reason metrics
         * @description Lists the delay-reason metrics.
         *
         *     Operation #15 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listDelayReasonMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an integration
         * @description Returns one integration.
         *
         *     Operation #16 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getIntegration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mail-settings/footer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the footer mail setting
         * @description Returns the footer mail setting.
         *
         *     Operation #17 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getFooterSetting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a message
         * @description Deletes one message.
         *
         *     Operation #18 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        delete: operations["deleteMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get message status
         * @description Returns the message status.
         *
         *     Operation #19 of the interface document, which states its method, path and success label (OK).
         *     It has request parameters whose names are not specified: pass any name=value pairs, sent as query parameters.
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getMessageStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the user password
         * @description Updates the user password.
         *
         *     Operation #20 of the interface document, which states its method, path and success label (OK).
         *     It takes a JSON request body whose fields are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        patch: operations["updateUserPassword"];
        trace?: never;
    };
    "/v1/reputation/score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the reputation score
         * @description Returns the reputation score.
         *
         *     Operation #21 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getReputationScore"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete integrations
         * @description Deletes the integrations.
         *
         *     Operation #22 of the interface document, which states its method, path and success label (OK).
         *     Its path has no `id`.
         *     Response fields, errors and required authorization are not specified.
         */
        delete: operations["deleteIntegrations"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mail-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get mail settings
         * @description Returns the mail settings.
         *
         *     Operation #23 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getMailSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom fields
         * @description Lists the custom fields.
         *
         *     Operation #24 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listCustomFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/enforced-tls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the enforced TLS setting
         * @description Returns the enforced-TLS setting.
         *
         *     Operation #25 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getEnforcedTlsSetting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes one webhook.
         *
         *     Operation #26 of the interface document, which states its method, path and success label (OK).
         *     `id` identifies the resource; its type and format are not specified.
         *     Response fields, errors and required authorization are not specified.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Lists the webhooks.
         *
         *     Operation #27 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quotas/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get quota history
         * @description Returns the quota history.
         *
         *     Operation #28 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["getQuotaHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quotas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List quotas
         * @description Lists the quotas.
         *
         *     Operation #29 of the interface document, which states its method, path and success label (OK).
         *     Response fields, errors and required authorization are not specified.
         */
        get: operations["listQuotas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The body of any response other than the success response. The interface document does not specify error bodies or their shape, so any JSON value is accepted. */
        ErrorBody: unknown;
        /** @description The scopes, as returned by `listScopes`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListScopesResponseBody: unknown;
        /** @description The API key, as returned by `getApiKey`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetApiKeyResponseBody: {
            [key: string]: unknown;
        };
        /** @description The unsubscribe groups, as returned by `listUnsubscribeGroups`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListUnsubscribeGroupsResponseBody: unknown;
        /** @description One unsubscribe group, as returned by `getUnsubscribeGroup`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetUnsubscribeGroupResponseBody: {
            [key: string]: unknown;
        };
        /** @description The request body of `replaceUnsubscribeGroup`. The interface document does not specify its fields, so any JSON object is accepted. */
        ReplaceUnsubscribeGroupRequestBody: {
            [key: string]: unknown;
        };
        /** @description One unsubscribe group, as returned by `replaceUnsubscribeGroup`. The interface document does not specify its fields, so any JSON object is accepted. */
        ReplaceUnsubscribeGroupResponseBody: {
            [key: string]: unknown;
        };
        /** @description The response to `deleteUnsubscribeGroup`. The interface document does not specify its payload, so any JSON value is accepted. */
        DeleteUnsubscribeGroupResponseBody: unknown;
        /** @description One inbound webhook, as returned by `getInboundWebhook`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetInboundWebhookResponseBody: {
            [key: string]: unknown;
        };
        /** @description One email-testing accessibility result, as returned by `getAccessibilityResult`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetAccessibilityResultResponseBody: {
            [key: string]: unknown;
        };
        /** @description The email-testing link validation, as returned by `getLinkValidation`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetLinkValidationResponseBody: {
            [key: string]: unknown;
        };
        /** @description The subaccount engagement scores, as returned by `listSubaccountEngagementScores`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListSubaccountEngagementScoresResponseBody: unknown;
        /** @description The response to `deleteVerifiedSender`. The interface document does not specify its payload, so any JSON value is accepted. */
        DeleteVerifiedSenderResponseBody: unknown;
        /** @description A contact export, as returned by `exportContacts`. The interface document does not specify its fields, so any JSON object is accepted. */
        ExportContactsResponseBody: {
            [key: string]: unknown;
        };
        /** @description The request body of `sendBatch`. The interface document does not specify its fields, so any JSON object is accepted. */
        SendBatchRequestBody: {
            [key: string]: unknown;
        };
        /** @description One batch, as returned by `sendBatch`. The interface document does not specify its fields, so any JSON object is accepted. */
        SendBatchResponseBody: {
            [key: string]: unknown;
        };
        /** @description The request body of `replaceLinkBranding`. The interface document does not specify its fields, so any JSON object is accepted. */
        ReplaceLinkBrandingRequestBody: {
            [key: string]: unknown;
        };
        /** @description One link branding, as returned by `replaceLinkBranding`. The interface document does not specify its fields, so any JSON object is accepted. */
        ReplaceLinkBrandingResponseBody: {
            [key: string]: unknown;
        };
        /** @description The delay-reason metrics, as returned by `listDelayReasonMetrics`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListDelayReasonMetricsResponseBody: unknown;
        /** @description One integration, as returned by `getIntegration`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetIntegrationResponseBody: {
            [key: string]: unknown;
        };
        /** @description The footer mail setting, as returned by `getFooterSetting`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetFooterSettingResponseBody: {
            [key: string]: unknown;
        };
        /** @description The response to `deleteMessage`. The interface document does not specify its payload, so any JSON value is accepted. */
        DeleteMessageResponseBody: unknown;
        /** @description The message status, as returned by `getMessageStatus`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetMessageStatusResponseBody: {
            [key: string]: unknown;
        };
        /** @description The request body of `updateUserPassword`. The interface document does not specify its fields, so any JSON object is accepted. */
        UpdateUserPasswordRequestBody: {
            [key: string]: unknown;
        };
        /** @description The user password, as returned by `updateUserPassword`. The interface document does not specify its fields, so any JSON object is accepted. */
        UpdateUserPasswordResponseBody: {
            [key: string]: unknown;
        };
        /** @description The reputation score, as returned by `getReputationScore`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetReputationScoreResponseBody: {
            [key: string]: unknown;
        };
        /** @description The response to `deleteIntegrations`. The interface document does not specify its payload, so any JSON value is accepted. */
        DeleteIntegrationsResponseBody: unknown;
        /** @description The mail settings, as returned by `getMailSettings`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetMailSettingsResponseBody: {
            [key: string]: unknown;
        };
        /** @description The custom fields, as returned by `listCustomFields`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListCustomFieldsResponseBody: unknown;
        /** @description The enforced-TLS setting, as returned by `getEnforcedTlsSetting`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetEnforcedTlsSettingResponseBody: {
            [key: string]: unknown;
        };
        /** @description The response to `deleteWebhook`. The interface document does not specify its payload, so any JSON value is accepted. */
        DeleteWebhookResponseBody: unknown;
        /** @description The webhooks, as returned by `listWebhooks`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListWebhooksResponseBody: unknown;
        /** @description The quota history, as returned by `getQuotaHistory`. The interface document does not specify its fields, so any JSON object is accepted. */
        GetQuotaHistoryResponseBody: {
            [key: string]: unknown;
        };
        /** @description The quotas, as returned by `listQuotas`. The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted. */
        ListQuotasResponseBody: unknown;
    };
    responses: {
        /** @description Every other response of the operation. The interface document does not specify error status codes, the error body's shape or error conditions. */
        ErrorResponse: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /** @description The request parameters of this operation. The interface document states that the operation has request parameters but not their names or values, so any name=value pairs are accepted. Each pair is sent as a plain `name=value` query parameter (`pairs` itself never appears on the wire). */
        OpenQuery: {
            [key: string]: string;
        };
        /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
        Id: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listScopes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListScopesResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getApiKey: {
        parameters: {
            query?: {
                /** @description The request parameters of this operation. The interface document states that the operation has request parameters but not their names or values, so any name=value pairs are accepted. Each pair is sent as a plain `name=value` query parameter (`pairs` itself never appears on the wire). */
                pairs?: components["parameters"]["OpenQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetApiKeyResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    listUnsubscribeGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListUnsubscribeGroupsResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getUnsubscribeGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetUnsubscribeGroupResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    replaceUnsubscribeGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** @description A JSON object whose fields the interface document does not state. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReplaceUnsubscribeGroupRequestBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplaceUnsubscribeGroupResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    deleteUnsubscribeGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteUnsubscribeGroupResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getInboundWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetInboundWebhookResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getAccessibilityResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAccessibilityResultResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getLinkValidation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetLinkValidationResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    listSubaccountEngagementScores: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSubaccountEngagementScoresResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    deleteVerifiedSender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteVerifiedSenderResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    exportContacts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportContactsResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    sendBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** @description A JSON object whose fields the interface document does not state. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SendBatchRequestBody"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendBatchResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    replaceLinkBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** @description A JSON object whose fields the interface document does not state. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReplaceLinkBrandingRequestBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplaceLinkBrandingResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    listDelayReasonMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListDelayReasonMetricsResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetIntegrationResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getFooterSetting: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetFooterSettingResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    deleteMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteMessageResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getMessageStatus: {
        parameters: {
            query?: {
                /** @description The request parameters of this operation. The interface document states that the operation has request parameters but not their names or values, so any name=value pairs are accepted. Each pair is sent as a plain `name=value` query parameter (`pairs` itself never appears on the wire). */
                pairs?: components["parameters"]["OpenQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMessageStatusResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    updateUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object whose fields the interface document does not state. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserPasswordRequestBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateUserPasswordResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getReputationScore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetReputationScoreResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    deleteIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteIntegrationsResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getMailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMailSettingsResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    listCustomFields: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCustomFieldsResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getEnforcedTlsSetting: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetEnforcedTlsSettingResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifies one resource of the kind named before it in the path. The interface document does not specify its type or format. It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`. */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteWebhookResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhooksResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    getQuotaHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetQuotaHistoryResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
    listQuotas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListQuotasResponseBody"];
                };
            };
            default: components["responses"]["ErrorResponse"];
        };
    };
}
