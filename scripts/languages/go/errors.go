// The errors a call returns, one type per outcome, for errors.As (the deadline also for errors.Is
// context.DeadlineExceeded). Each text is made when the error is, with the client's header values
// redacted and control characters escaped, so that printing an error never leaks a credential or
// writes to a terminal.

package emaildelivery

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// ErrorKind is the kind of an API error by its status (spec.gen.go's ErrNotFound, ErrRateLimit,
// and so on): an *APIError's Kind, and what errors.Is matches an *APIError with, as
// errors.Is(err, fs.ErrNotExist) matches a file that is not there. The empty kind is a status
// that no kind names.
type ErrorKind string

// Error names the kind.
func (k ErrorKind) Error() string { return "emaildelivery: an API error of kind " + string(k) }

// APIError is a non-2xx answer, after any retries. errors.Is(err, ErrNotFound) (and each other
// kind) holds for one of its kind's status.
type APIError struct {
	// Operation is the operationId of the call.
	Operation string
	// StatusCode is the answer's HTTP status.
	StatusCode int
	// Kind is the status's kind (ErrNotFound for a 404, ErrInternalServer for a 5xx), "" where
	// no kind names the status.
	Kind ErrorKind
	// Header is the answer's header, each value of a header the call sent (your credentials)
	// redacted where the service echoes it, as the error's text redacts it.
	Header http.Header
	// Body is the start of the answer's body, as sent: at most 64 KiB, and no more than the
	// call's WithMaxResponseBytes. It is not redacted: print Error(), not Body.
	Body []byte
	// BodyJSON is Body decoded from JSON (a map[string]any for an object, as encoding/json
	// decodes into an interface{}) where it is JSON and was read whole; else nil.
	BodyJSON any
	// BodyTruncated says that the body went on past Body and was not read.
	BodyTruncated bool
	text          string
}

func (e *APIError) Error() string { return e.text }

// Is says whether target is the error's kind, for errors.Is(err, emaildelivery.ErrNotFound).
func (e *APIError) Is(target error) bool {
	kind, ok := target.(ErrorKind)
	return ok && kind != "" && kind == e.Kind
}

// GoString keeps %#v to the text, not the raw body.
func (e *APIError) GoString() string {
	return fmt.Sprintf("&emaildelivery.APIError{Operation: %q, StatusCode: %d, Kind: %q, text: %q}", e.Operation, e.StatusCode, e.Kind, e.text)
}

// TimeoutError is a call that did not end by its deadline: its WithTimeout, or the
// context's own deadline when that came first. errors.Is(err, context.DeadlineExceeded) holds.
type TimeoutError struct {
	Operation string
	// Timeout is the call's WithTimeout (0: none).
	Timeout time.Duration
	text    string
}

func (e *TimeoutError) Error() string { return e.text }

// Unwrap is context.DeadlineExceeded.
func (e *TimeoutError) Unwrap() error { return context.DeadlineExceeded }

// ResponseTooLargeError is an answer whose body is bigger than the call's WithMaxResponseBytes:
// the rest was not read.
type ResponseTooLargeError struct {
	Operation string
	Limit     int64
}

func (e *ResponseTooLargeError) Error() string {
	return fmt.Sprintf("%s: the response body is bigger than %d bytes (WithMaxResponseBytes), so the rest was not read; raise WithMaxResponseBytes to read it", e.Operation, e.Limit)
}

// CrossOriginRedirectError is a redirect to another origin than the base URL's, not followed: your headers
// would have gone with it. Its target received nothing.
type CrossOriginRedirectError struct {
	Operation string
	// StatusCode is the redirect's status.
	StatusCode int
	// Target is where it led, without its query's values.
	Target string
	text   string
}

func (e *CrossOriginRedirectError) Error() string { return e.Operation + ": " + e.text }

// UnsafePathParameterError is a path argument that cannot be one URL segment: empty, "." or ".." (which
// would address another resource) or not UTF-8. Nothing was sent.
type UnsafePathParameterError struct {
	Operation string
	Parameter string
	text      string
}

func (e *UnsafePathParameterError) Error() string { return e.text }

// ConnectionError is a request that got no HTTP answer: the connection was refused, reset or
// closed before an answer, or the answer was not HTTP. Err is the net/http error.
type ConnectionError struct {
	Operation string
	Err       error
	text      string
}

func (e *ConnectionError) Error() string { return e.text }

// Unwrap is the net/http error.
func (e *ConnectionError) Unwrap() error { return e.Err }

// ResponseBodyError is a 2xx answer whose body is not JSON, or not JSON of the type the
// description (or your overlays) give it.
type ResponseBodyError struct {
	Operation  string
	StatusCode int
	text       string
}

func (e *ResponseBodyError) Error() string { return e.text }

// RequestError is a call refused before anything was sent, for another reason than its path: a
// body that cannot be encoded as JSON, a missing required body or parameter, a header parameter
// that a header cannot carry, an option that does not apply to a call, a nil context or client.
type RequestError struct {
	Operation string
	text      string
}

func (e *RequestError) Error() string { return e.text }
