// A client and an API error printed with every verb, as a value and as a pointer: the header's
// name shows, its value never does.

package main

import (
	"context"
	"errors"
	"fmt"

	emaildelivery "email-delivery-api/generated/sdk/go"
)

func printed(url string) {
	client, err := emaildelivery.NewClient(url, emaildelivery.WithHeader("X-Api-Key", "sk-printed-9"), emaildelivery.WithMaxRetries(0))
	if err != nil {
		panic(err)
	}
	_, err = client.ListWebhooks(context.Background())
	var apiError *emaildelivery.APIError
	if !errors.As(err, &apiError) {
		panic(err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		fmt.Printf(verb+"\n", client)
		fmt.Printf(verb+"\n", *client)
		fmt.Printf(verb+"\n", err)
	}
	fmt.Println(client.String(), err.Error())
}
