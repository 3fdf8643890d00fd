// Calls one operation of each request-part kind through the client oapi-codegen generated,
// against the base URL given as the only argument, and prints one line per call.
package main

import (
	"context"
	"fmt"
	"os"

	"emaildelivery.test/callers/oapicodegen"
	"emaildelivery.test/callers/report"
)

func main() {
	api, err := oapicodegen.NewClientWithResponses(os.Args[1])
	if err != nil {
		fmt.Println("client error", err)
		os.Exit(1)
	}
	ctx := context.Background()
	query := oapicodegen.OpenQuery{"name": "value", "two words": "a&b"}

	scopes, err := api.ListScopesWithResponse(ctx)
	report.Status("listScopes", scopes, err)
	group, err := api.GetUnsubscribeGroupWithResponse(ctx, "id 1/é")
	report.Status("getUnsubscribeGroup", group, err)
	key, err := api.GetApiKeyWithResponse(ctx, &oapicodegen.GetApiKeyParams{Pairs: &query})
	report.Status("getApiKey", key, err)
	batch, err := api.SendBatchWithResponse(ctx, "id 1/é", oapicodegen.SendBatchRequestBody{"any": 1})
	report.Status("sendBatch", batch, err)
	password, err := api.UpdateUserPasswordWithResponse(ctx, oapicodegen.UpdateUserPasswordRequestBody{"any": 1})
	report.Status("updateUserPassword", password, err)
}
