// Package emaildelivery is the Go SDK of the Email Delivery Service API: one method per operation
// of the description, each taking a context first and options of its own last, over the standard
// net/http client.
//
//	client, err := emaildelivery.NewClient("https://your-service.example",
//		emaildelivery.WithHeader("X-Api-Key", os.Getenv("API_KEY")))
//	if err != nil {
//		return err
//	}
//	webhooks, err := client.ListWebhooks(ctx)
//	integration, err := client.GetIntegration(ctx, "int_1", emaildelivery.WithTimeout(5*time.Second))
//
// A call ends at its deadline (WithTimeout, DefaultTimeout unless set, and the context's), reads
// at most WithMaxResponseBytes of a body (DefaultMaxResponseBytes unless set), follows a redirect
// only within the base URL's origin, sends each path argument as one percent-encoded segment (an
// empty, "." or ".." one is refused before anything is sent), and retries a GET, PUT or DELETE on
// a connection failure, 429, 502, 503 or 504 (WithMaxRetries, DefaultMaxRetries unless set),
// honouring Retry-After. A non-2xx answer is an *APIError, which errors.Is matches with its kind
// by status (ErrNotFound, ErrRateLimit, ...); the other failures are *TimeoutError (which
// errors.Is context.DeadlineExceeded), *ResponseTooLargeError, *CrossOriginRedirectError,
// *UnsafePathParameterError, *ConnectionError, *ResponseBodyError and *RequestError. No error
// text, error header, log line or printed form of a Client holds the value of a header the
// client was given.
package emaildelivery
