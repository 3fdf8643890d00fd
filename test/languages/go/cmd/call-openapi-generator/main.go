// Calls one operation of each request-part kind through the client OpenAPI Generator (go)
// generated, against the base URL given as the only argument, and prints one line per call.
package main

import (
	"context"
	"os"

	"emaildelivery.test/callers/openapigenerator"
	"emaildelivery.test/callers/report"
)

func main() {
	configuration := openapigenerator.NewConfiguration()
	configuration.Servers = openapigenerator.ServerConfigurations{{URL: os.Args[1]}}
	api := openapigenerator.NewAPIClient(configuration)
	ctx := context.Background()
	body := map[string]interface{}{"any": 1}

	_, response, err := api.AccountAndAccessAPI.ListScopes(ctx).Execute()
	report.Response("listScopes", response, err)
	_, response, err = api.ContactsAndListsAPI.GetUnsubscribeGroup(ctx, "id 1/é").Execute()
	report.Response("getUnsubscribeGroup", response, err)
	_, response, err = api.AccountAndAccessAPI.GetApiKey(ctx).Pairs(map[string]string{"name": "value", "two words": "a&b"}).Execute()
	report.Response("getApiKey", response, err)
	_, response, err = api.MessagesAndBatchesAPI.SendBatch(ctx, "id 1/é").RequestBody(body).Execute()
	report.Response("sendBatch", response, err)
	_, response, err = api.AccountAndAccessAPI.UpdateUserPassword(ctx).RequestBody(body).Execute()
	report.Response("updateUserPassword", response, err)
}
