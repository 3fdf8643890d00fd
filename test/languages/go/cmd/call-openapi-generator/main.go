// Calls one operation of each request-part kind through the client OpenAPI Generator (go)
// generated, against the base URL given as the only argument, and prints one line per call:
// operationId, then the status the client received, or the error it returned.
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"

	client "emaildelivery.test/callers/openapigenerator"
)

func report(operationID string, response *http.Response, err error) {
	if err != nil {
		fmt.Printf("%s error %v\n", operationID, err)
		return
	}
	fmt.Printf("%s %d\n", operationID, response.StatusCode)
}

func main() {
	configuration := client.NewConfiguration()
	configuration.Servers = client.ServerConfigurations{{URL: os.Args[1]}}
	api := client.NewAPIClient(configuration)
	ctx := context.Background()
	body := map[string]interface{}{"any": 1}

	_, response, err := api.AccountAndAccessAPI.ListScopes(ctx).Execute()
	report("listScopes", response, err)
	_, response, err = api.ContactsAndListsAPI.GetUnsubscribeGroup(ctx, "id 1/é").Execute()
	report("getUnsubscribeGroup", response, err)
	_, response, err = api.AccountAndAccessAPI.GetApiKey(ctx).Params(map[string]string{"name": "value", "two words": "a&b"}).Execute()
	report("getApiKey", response, err)
	_, response, err = api.MessagesAndBatchesAPI.SendBatch(ctx, "id 1/é").RequestBody(body).Execute()
	report("sendBatch", response, err)
	_, response, err = api.AccountAndAccessAPI.UpdateUserPassword(ctx).RequestBody(body).Execute()
	report("updateUserPassword", response, err)
}
