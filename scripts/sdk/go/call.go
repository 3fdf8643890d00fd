// The one request function every generated method calls: it builds the request, sends it within
// the call's deadline, retries what may be retried, reads the answer's body within its bound, and
// decodes a 2xx body or returns the error of whatever else happened.
package emaildelivery

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// operation is what a generated method tells the runtime of its operation.
type operation struct {
	id     string // the operationId
	method string
	path   string // the path template, as /v1/integrations/{id}
	params []parameter
	body   bodyUse
}

// bodyUse says whether an operation takes a request body, and whether it must.
type bodyUse int

const (
	noBody bodyUse = iota
	optionalBody
	requiredBody
)

const (
	// maxRedirects bounds the redirects one request follows: as many as fetch (the TypeScript
	// client) and the Python SDK follow.
	maxRedirects = 20
	// maxRetryAfter is the longest Retry-After a retry waits for; a longer one ends the call.
	maxRetryAfter = 60 * time.Second
	// errorBodyBytes bounds what an APIError keeps of a body.
	errorBodyBytes = 64 << 10
)

// call sends one call of op and decodes a 2xx answer's JSON body into a T (its zero value when
// the body is empty). args are the path arguments in order; params the generated params struct
// (or nil); body the request body (nil, a nil map or a nil pointer: none).
func call[T any](ctx context.Context, c *Client, op *operation, args []string, params any, body any) (T, error) {
	var zero T
	if c == nil || c.http == nil {
		return zero, &RequestError{Operation: op.id, text: op.id + ": the client is nil or not made by NewClient; no request was sent"}
	}
	if ctx == nil {
		return zero, &RequestError{Operation: op.id, text: op.id + ": the context is nil (give context.Background() or a context of yours); no request was sent"}
	}
	target, err := c.expandPath(op, args)
	if err != nil {
		return zero, err
	}
	query, header, err := c.encodeParameters(op, params)
	if err != nil {
		return zero, err
	}
	if query != "" {
		target += "?" + query
	}
	payload, err := c.encodeBody(op, body)
	if err != nil {
		return zero, err
	}
	parent := ctx
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	retries := c.maxRetries
	if !idempotent(op.method) {
		retries = 0
	}
	for attempt := 1; ; attempt++ {
		response, err := c.send(ctx, op, target, header, payload)
		if err != nil {
			failure := c.transportError(ctx, parent, op, err)
			var connection *ConnectionError
			if attempt <= retries && errors.As(failure, &connection) && retriable(connection.Err) && wait(ctx, backoff(attempt)) {
				continue
			}
			if ctx.Err() != nil {
				return zero, c.contextError(parent, op)
			}
			return zero, failure
		}
		if response.StatusCode >= 200 && response.StatusCode < 300 {
			return decode[T](c, ctx, parent, op, response)
		}
		if attempt <= retries && retriableStatus(response.StatusCode) {
			if delay, ok := retryDelay(response.Header, attempt); ok && fitsDeadline(ctx, delay) {
				discard(response)
				if !wait(ctx, delay) {
					return zero, c.contextError(parent, op)
				}
				continue
			}
		}
		return zero, c.apiError(ctx, parent, op, response)
	}
}

// send makes one request (its redirects followed by the client's checkRedirect).
func (c *Client) send(ctx context.Context, op *operation, target string, header http.Header, payload []byte) (*http.Response, error) {
	var reader io.Reader
	if payload != nil {
		reader = bytes.NewReader(payload)
	}
	request, err := http.NewRequestWithContext(ctx, op.method, target, reader)
	if err != nil {
		return nil, err
	}
	for name, values := range c.headers {
		request.Header[name] = values
	}
	for name, values := range header {
		request.Header[name] = values
	}
	if payload != nil {
		request.Header.Set("Content-Type", "application/json")
	}
	if !idempotent(op.method) {
		keepUnreplayable(request.Header)
	}
	return c.http.Do(request)
}

// keepUnreplayable keeps net/http's transport from sending a POST or PATCH again on its own: it
// resends a request that holds an Idempotency-Key or X-Idempotency-Key header (found by those
// exact keys) when a kept-alive connection closes before the answer. Under its lower-case name the
// header goes out the same (HTTP names are case-insensitive), and the request is sent once.
func keepUnreplayable(header http.Header) {
	for _, name := range []string{"Idempotency-Key", "X-Idempotency-Key"} {
		if values, ok := header[name]; ok {
			delete(header, name)
			header[strings.ToLower(name)] = values
		}
	}
}

// encodeBody is the JSON of body, nil where the call sends none.
func (c *Client) encodeBody(op *operation, body any) ([]byte, error) {
	if op.body == noBody || isNil(body) {
		if op.body == requiredBody {
			return nil, &RequestError{Operation: op.id, text: op.id + ": the request body is required and was nil; no request was sent"}
		}
		return nil, nil
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, &RequestError{Operation: op.id, text: op.id + ": the request body cannot be encoded as JSON: " + c.redact.excerpt(err.Error(), excerptLength) + "; no request was sent"}
	}
	return payload, nil
}

func isNil(value any) bool {
	if value == nil {
		return true
	}
	v := reflect.ValueOf(value)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// checkRedirect follows a redirect within the base URL's origin only, at most maxRedirects times:
// the answer after the last is the call's, as the TypeScript client has it.
func (c *Client) checkRedirect(next *http.Request, via []*http.Request) error {
	if originOf(next.URL) != c.origin {
		status := 0
		if next.Response != nil {
			status = next.Response.StatusCode
		}
		shown := c.redact.apply(withoutQueryValues(next.URL))
		return &CrossOriginRedirectError{StatusCode: status, Target: shown, text: fmt.Sprintf(
			"cross-origin redirect: the service answered %d with a redirect to %s, another origin than %s; it was not followed, so your headers were not sent there",
			status, escapeText(shown), c.origin)}
	}
	if len(via) > maxRedirects {
		return http.ErrUseLastResponse
	}
	return nil
}

// withoutQueryValues is a URL without its user, fragment and its query's values (name=… kept).
func withoutQueryValues(u *url.URL) string {
	shown := *u
	shown.User = nil
	shown.Fragment, shown.RawFragment = "", ""
	if shown.RawQuery != "" {
		pairs := strings.Split(shown.RawQuery, "&")
		for i, pair := range pairs {
			if name, _, found := strings.Cut(pair, "="); found {
				pairs[i] = name + "=…"
			}
		}
		shown.RawQuery = strings.Join(pairs, "&")
	}
	return shown.String()
}

// transportError is what a request that got no answer ends with: the deadline, a refused
// redirect, the caller's cancellation, or a connection failure.
func (c *Client) transportError(ctx, parent context.Context, op *operation, err error) error {
	var redirect *CrossOriginRedirectError
	if errors.As(err, &redirect) {
		redirect.Operation = op.id
		return redirect
	}
	if ctx.Err() != nil {
		return c.contextError(parent, op)
	}
	return &ConnectionError{Operation: op.id, Err: err, text: op.id + ": no answer: " + c.redact.excerpt(err.Error(), excerptLength)}
}

// contextError is a *TimeoutError at the deadline, or the caller's cancellation (context.Canceled).
func (c *Client) contextError(parent context.Context, op *operation) error {
	if errors.Is(parent.Err(), context.Canceled) {
		return fmt.Errorf("%s: the call's context was canceled: %w", op.id, context.Canceled)
	}
	return c.timeoutError(parent, op)
}

// timeoutError names the deadline that passed: the client's WithTimeout, or the context's.
func (c *Client) timeoutError(parent context.Context, op *operation) error {
	text := fmt.Sprintf("%s: timeout: no complete answer within %s (WithTimeout)", op.id, c.timeout)
	if deadline, ok := parent.Deadline(); ok && (c.timeout == 0 || parent.Err() != nil) {
		text = fmt.Sprintf("%s: timeout: no complete answer by the context's deadline (%s)", op.id, deadline.Format(time.RFC3339Nano))
	}
	return &TimeoutError{Operation: op.id, Timeout: c.timeout, text: text + ": " + context.DeadlineExceeded.Error()}
}

// retriable says whether a request that got no answer may be sent again: the connection was
// refused, reset or closed before an answer.
func retriable(err error) bool {
	var opError *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		(errors.As(err, &opError) && opError.Op == "dial")
}

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodPut, http.MethodDelete, http.MethodHead, http.MethodOptions:
		return true
	}
	return false
}

func retriableStatus(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
}

// retryDelay is the wait before retry n (from 1): the answer's Retry-After (seconds or an HTTP
// date) when it has one, not ok over maxRetryAfter; else the backoff.
func retryDelay(header http.Header, n int) (time.Duration, bool) {
	value := strings.TrimSpace(header.Get("Retry-After"))
	if value == "" {
		return backoff(n), true
	}
	var delay time.Duration
	if seconds, err := strconv.ParseInt(value, 10, 64); err == nil && seconds >= 0 {
		delay = time.Duration(min(seconds, 1<<30)) * time.Second
	} else if when, err := http.ParseTime(value); err == nil {
		delay = max(time.Until(when), 0)
	} else {
		return backoff(n), true
	}
	return delay, delay <= maxRetryAfter
}

// backoff is 0.5 s × 2^(n-1), at most 8 s, less up to 25 % of jitter.
func backoff(n int) time.Duration {
	delay := min(500*time.Millisecond<<min(n-1, 10), 8*time.Second)
	return delay - time.Duration(rand.Float64()*0.25*float64(delay))
}

// fitsDeadline says whether a wait of delay ends before ctx's deadline.
func fitsDeadline(ctx context.Context, delay time.Duration) bool {
	deadline, ok := ctx.Deadline()
	return !ok || time.Now().Add(delay).Before(deadline)
}

// wait sleeps for delay, false where the deadline would pass first (then it does not sleep) or
// the context ends meanwhile.
func wait(ctx context.Context, delay time.Duration) bool {
	if !fitsDeadline(ctx, delay) {
		return false
	}
	timer := time.NewTimer(delay)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// discard closes an answer the call does not use, reading a little of it so that its connection
// may be used again.
func discard(response *http.Response) {
	_, _ = io.CopyN(io.Discard, response.Body, 4<<10)
	_ = response.Body.Close()
}

// readBody reads at most limit bytes of an answer's body (0: no bound); over says there was more.
// With refuseDeclared, a body whose Content-Length is over the bound is not read at all.
func readBody(response *http.Response, limit int64, refuseDeclared bool) (data []byte, over bool, err error) {
	defer response.Body.Close()
	if limit > 0 && response.ContentLength > limit && refuseDeclared {
		return nil, true, nil
	}
	var buffer bytes.Buffer
	if response.ContentLength > 0 && response.ContentLength <= 1<<20 {
		buffer.Grow(int(response.ContentLength))
	}
	reader := io.Reader(response.Body)
	if limit > 0 {
		reader = io.LimitReader(response.Body, limit+1)
	}
	_, err = buffer.ReadFrom(reader)
	if limit > 0 && int64(buffer.Len()) > limit {
		return buffer.Bytes()[:limit], true, nil
	}
	return buffer.Bytes(), false, err
}

// decode reads a 2xx answer's body within the bound and decodes its JSON into a T.
func decode[T any](c *Client, ctx, parent context.Context, op *operation, response *http.Response) (T, error) {
	var out T
	data, over, err := readBody(response, c.maxResponseBytes, true)
	switch {
	case over:
		return out, &ResponseTooLargeError{Operation: op.id, Limit: c.maxResponseBytes}
	case err != nil && ctx.Err() != nil:
		return out, c.contextError(parent, op)
	case err != nil:
		return out, &ConnectionError{Operation: op.id, Err: err, text: op.id + ": the answer's body was cut off: " + c.redact.excerpt(err.Error(), excerptLength)}
	case len(bytes.TrimSpace(data)) == 0:
		return out, nil
	}
	if !json.Valid(data) {
		return out, &ResponseBodyError{Operation: op.id, StatusCode: response.StatusCode, text: fmt.Sprintf(
			"%s: the %d answer's body is not JSON: %s", op.id, response.StatusCode, c.redact.excerpt(string(data), 200))}
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, &ResponseBodyError{Operation: op.id, StatusCode: response.StatusCode, text: fmt.Sprintf(
			"%s: the %d answer's body is JSON, but not of the type the description gives it (%s): %s",
			op.id, response.StatusCode, c.redact.excerpt(err.Error(), 200), c.redact.excerpt(string(data), 200))}
	}
	return out, nil
}

// apiError reads the start of a non-2xx answer's body and makes its *APIError.
func (c *Client) apiError(ctx, parent context.Context, op *operation, response *http.Response) error {
	limit := int64(errorBodyBytes)
	if c.maxResponseBytes > 0 {
		limit = min(limit, c.maxResponseBytes)
	}
	data, over, err := readBody(response, limit, false)
	if err != nil && ctx.Err() != nil {
		return c.contextError(parent, op)
	}
	text := fmt.Sprintf("%s: the service answered %d", op.id, response.StatusCode)
	if excerpt := c.redact.excerpt(string(data), excerptLength); excerpt != "" {
		text += ": " + excerpt
	}
	if over {
		text += fmt.Sprintf(" (the body goes on past %d bytes, unread)", limit)
	}
	return &APIError{Operation: op.id, StatusCode: response.StatusCode, Header: response.Header, Body: data, BodyTruncated: over, text: text}
}
