// A POST over a kept-alive connection the service closes: net/http's transport would send it
// again when it carries an idempotency key; the SDK sends it once, a connection error.

package main

import (
	"context"
	"errors"
	"fmt"

	emaildelivery "email-delivery-api/generated/sdk/go"
)

func postOnce(url string) {
	for _, name := range []string{"Idempotency-Key", "X-Idempotency-Key"} {
		client, err := emaildelivery.NewClient(url, emaildelivery.WithHeader(name, "key-1"))
		if err != nil {
			panic(err)
		}
		// A GET first, so that the POST goes over the connection it kept alive.
		if _, err := client.ListWebhooks(context.Background()); err != nil {
			panic(err)
		}
		_, err = client.ExportContacts(context.Background())
		var connection *emaildelivery.ConnectionError
		fmt.Println(name, errors.As(err, &connection))
	}
}
