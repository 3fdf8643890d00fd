// A call's own options (its header, its answer, no timeout, retries, no body bound), the error
// kinds with errors.Is, and the options that apply only to a client or only to a call, refused.

package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	emaildelivery "email-delivery-api/generated/sdk/go"
)

func callOptions(url string) {
	client, err := emaildelivery.NewClient(url, emaildelivery.WithHeader("X-Api-Key", "sk-logged-7"))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	var answer *http.Response
	_, err = client.GetIntegration(ctx, "int_1", emaildelivery.WithResponseInto(&answer), emaildelivery.WithHeader("X-Trace", "t1"), emaildelivery.WithTimeout(0))
	fmt.Println("answer", err, answer.StatusCode, answer.Header.Get("X-Request-Id"))
	_, err = client.GetIntegration(ctx, "missing", emaildelivery.WithHeader("X-Api-Key", "sk-call-8"))
	var apiError *emaildelivery.APIError
	fmt.Println("kind", errors.Is(err, emaildelivery.ErrNotFound), errors.Is(err, emaildelivery.ErrConflict), errors.As(err, &apiError) && apiError.Kind == emaildelivery.ErrNotFound)
	fmt.Println("parsed", apiError.BodyJSON.(map[string]any)["message"], apiError.BodyJSON.(map[string]any)["echoed"])
	_, err = client.ListQuotas(ctx, emaildelivery.WithMaxRetries(1), emaildelivery.WithMaxResponseBytes(0))
	fmt.Println("retried", err)
	_, err = client.ListWebhooks(ctx, emaildelivery.WithHTTPClient(http.DefaultClient))
	var refused *emaildelivery.RequestError
	fmt.Println("refused", errors.As(err, &refused))
	_, err = emaildelivery.NewClient(url, emaildelivery.WithResponseInto(&answer))
	fmt.Println("client", err != nil)
}
