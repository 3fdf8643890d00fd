// A program that uses the Go SDK as an application would: it calls every operation once, typed (so
// that the compiler checks each method's signature), with the arguments of its request part
// (test/support/sdk-package.ts' consumerArguments) and the header X-Api-Key: consumer-key, against
// the base URL given as the only argument, and prints one line per call: the operationId, then
// "ok" or the error. The package test (test/languages/sdk-packages.test.ts) builds it in a module of
// its own against a copy of the SDK, with no network, and runs it against a recording server.
package main

import (
	"context"
	"fmt"
	"os"

	emaildelivery "email-delivery-api/generated/sdk/go"
)

func main() {
	client, err := emaildelivery.NewClient(os.Args[1], emaildelivery.WithHeader("X-Api-Key", "consumer-key"))
	if err != nil {
		fmt.Println("client error", err)
		os.Exit(1)
	}
	ctx := context.Background()
	id := "id 1/é"
	pairs := emaildelivery.OpenQuery{"name": "value", "two words": "a&b"}
	report := func(operationID string, err error) {
		if err != nil {
			fmt.Printf("%s error %v\n", operationID, err)
			return
		}
		fmt.Printf("%s ok\n", operationID)
	}

	_, err = client.ListScopes(ctx)
	report("listScopes", err)
	_, err = client.GetApiKey(ctx, emaildelivery.GetApiKeyParams{Pairs: pairs})
	report("getApiKey", err)
	_, err = client.ListUnsubscribeGroups(ctx)
	report("listUnsubscribeGroups", err)
	_, err = client.GetUnsubscribeGroup(ctx, id)
	report("getUnsubscribeGroup", err)
	_, err = client.ReplaceUnsubscribeGroup(ctx, id, emaildelivery.ReplaceUnsubscribeGroupRequestBody{"any": 1})
	report("replaceUnsubscribeGroup", err)
	_, err = client.DeleteUnsubscribeGroup(ctx, id)
	report("deleteUnsubscribeGroup", err)
	_, err = client.GetInboundWebhook(ctx, id)
	report("getInboundWebhook", err)
	_, err = client.GetAccessibilityResult(ctx, id)
	report("getAccessibilityResult", err)
	_, err = client.GetLinkValidation(ctx)
	report("getLinkValidation", err)
	_, err = client.ListSubaccountEngagementScores(ctx)
	report("listSubaccountEngagementScores", err)
	_, err = client.DeleteVerifiedSender(ctx, id)
	report("deleteVerifiedSender", err)
	_, err = client.ExportContacts(ctx)
	report("exportContacts", err)
	_, err = client.SendBatch(ctx, id, emaildelivery.SendBatchRequestBody{"any": 1})
	report("sendBatch", err)
	_, err = client.ReplaceLinkBranding(ctx, id, emaildelivery.ReplaceLinkBrandingRequestBody{"any": 1})
	report("replaceLinkBranding", err)
	_, err = client.ListDelayReasonMetrics(ctx)
	report("listDelayReasonMetrics", err)
	_, err = client.GetIntegration(ctx, id)
	report("getIntegration", err)
	_, err = client.GetFooterSetting(ctx)
	report("getFooterSetting", err)
	_, err = client.DeleteMessage(ctx, id)
	report("deleteMessage", err)
	_, err = client.GetMessageStatus(ctx, emaildelivery.GetMessageStatusParams{Pairs: pairs})
	report("getMessageStatus", err)
	_, err = client.UpdateUserPassword(ctx, emaildelivery.UpdateUserPasswordRequestBody{"any": 1})
	report("updateUserPassword", err)
	_, err = client.GetReputationScore(ctx)
	report("getReputationScore", err)
	_, err = client.DeleteIntegrations(ctx)
	report("deleteIntegrations", err)
	_, err = client.GetMailSettings(ctx)
	report("getMailSettings", err)
	_, err = client.ListCustomFields(ctx)
	report("listCustomFields", err)
	_, err = client.GetEnforcedTlsSetting(ctx)
	report("getEnforcedTlsSetting", err)
	_, err = client.DeleteWebhook(ctx, id)
	report("deleteWebhook", err)
	_, err = client.ListWebhooks(ctx)
	report("listWebhooks", err)
	_, err = client.GetQuotaHistory(ctx)
	report("getQuotaHistory", err)
	_, err = client.ListQuotas(ctx)
	report("listQuotas", err)
}
