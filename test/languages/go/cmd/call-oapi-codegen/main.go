// Calls one operation of each request-part kind through the client oapi-codegen generated,
// against the base URL given as the only argument, and prints one line per call: operationId,
// then the status the client received, or the error it returned.
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"

	client "emaildelivery.test/callers/oapicodegen"
)

func report(operationID string, response *http.Response, err error) {
	if err != nil {
		fmt.Printf("%s error %v\n", operationID, err)
		return
	}
	fmt.Printf("%s %d\n", operationID, response.StatusCode)
}

func main() {
	api, err := client.NewClientWithResponses(os.Args[1])
	if err != nil {
		fmt.Println("client error", err)
		os.Exit(1)
	}
	ctx := context.Background()
	query := client.OpenQuery{"name": "value", "two words": "a&b"}

	listScopes, err := api.ListScopesWithResponse(ctx)
	if err == nil {
		report("listScopes", listScopes.HTTPResponse, nil)
	} else {
		report("listScopes", nil, err)
	}
	group, err := api.GetUnsubscribeGroupWithResponse(ctx, "id 1/é")
	if err == nil {
		report("getUnsubscribeGroup", group.HTTPResponse, nil)
	} else {
		report("getUnsubscribeGroup", nil, err)
	}
	key, err := api.GetApiKeyWithResponse(ctx, &client.GetApiKeyParams{Params: &query})
	if err == nil {
		report("getApiKey", key.HTTPResponse, nil)
	} else {
		report("getApiKey", nil, err)
	}
	batch, err := api.SendBatchWithResponse(ctx, "id 1/é", client.SendBatchRequest{"any": 1})
	if err == nil {
		report("sendBatch", batch.HTTPResponse, nil)
	} else {
		report("sendBatch", nil, err)
	}
	password, err := api.UpdateUserPasswordWithResponse(ctx, client.UpdateUserPasswordRequest{"any": 1})
	if err == nil {
		report("updateUserPassword", password.HTTPResponse, nil)
	} else {
		report("updateUserPassword", nil, err)
	}
}
