// The one request function every generated method calls: it builds the request, sends it within
// the call's deadline, retries what may be retried, reads the answer's body within its bound, and
// decodes a 2xx body or returns the error of whatever else happened.

package emaildelivery

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	mathrand "math/rand/v2"
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
	// idempotencyKey is the header of its idempotency key, where a POST or PATCH declares one
	// (Idempotency-Key, in any case): it is then retried as a GET is, with one key on every attempt.
	idempotencyKey string
}

// retried says whether a call of op may be sent again: its method may be repeated, or it carries an idempotency key.
func (op *operation) retried() bool { return retryMethods[op.method] || op.idempotencyKey != "" }

// newIdempotencyKey is a random (version 4) UUID, the key of one call whose caller gave none.
func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// bodyUse says whether an operation takes a request body, and whether it must.
type bodyUse int

const (
	noBody bodyUse = iota
	optionalBody
	requiredBody
)

// errorBodyBytes bounds what an APIError keeps of a body (and no more than the call's
// WithMaxResponseBytes).
const errorBodyBytes = 64 << 10

// callSettings are what one call runs with: its client's settings, the call's options over them.
type callSettings struct {
	headers          http.Header // the client's, the call's over them
	redact           redactor
	timeout          time.Duration
	maxResponseBytes int64
	maxRetries       int
	responseInto     **http.Response
}

// settingsFor are the settings of a call of op given opts, or the RequestError of an option that
// cannot apply to it.
func (c *Client) settingsFor(op *operation, opts []Option) (*callSettings, error) {
	settings := &callSettings{headers: c.headers, redact: c.redact, timeout: c.timeout, maxResponseBytes: c.maxResponseBytes, maxRetries: c.maxRetries}
	if len(opts) == 0 {
		return settings, nil
	}
	given := config{forCall: true, headers: http.Header{}, timeout: c.timeout, maxResponseBytes: c.maxResponseBytes, maxRetries: c.maxRetries}
	for _, opt := range opts {
		if opt == nil {
			given.problems = append(given.problems, "a nil Option")
			continue
		}
		opt(&given)
	}
	if len(given.problems) > 0 {
		return nil, &RequestError{Operation: op.id, text: op.id + ": " + escapeText(strings.Join(given.problems, "; ")) + "; no request was sent"}
	}
	if len(given.headers) > 0 {
		merged := c.headers.Clone()
		for name, values := range given.headers {
			merged[name] = values
		}
		settings.headers, settings.redact = merged, newRedactor(merged)
	}
	settings.timeout, settings.maxResponseBytes, settings.maxRetries = given.timeout, given.maxResponseBytes, given.maxRetries
	settings.responseInto = given.responseInto
	return settings, nil
}

// call sends one call of op and decodes a 2xx answer's JSON body into a T (its zero value when
// the body is empty). args are the path arguments in order; params the generated params struct
// (or nil); body the request body (nil, a nil map or a nil pointer: none); opts the call's options.
func call[T any](ctx context.Context, c *Client, op *operation, args []string, params any, body any, opts []Option) (T, error) {
	var zero T
	if c == nil || c.http == nil {
		return zero, &RequestError{Operation: op.id, text: op.id + ": the client is nil or not made by NewClient; no request was sent"}
	}
	if ctx == nil {
		return zero, &RequestError{Operation: op.id, text: op.id + ": the context is nil (give context.Background() or a context of yours); no request was sent"}
	}
	settings, err := c.settingsFor(op, opts)
	if err != nil {
		return zero, err
	}
	target, err := c.expandPath(op, args, settings.redact)
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
	// One key for the call, on every attempt, where the caller gave none.
	if op.idempotencyKey != "" && header.Get(op.idempotencyKey) == "" && settings.headers.Get(op.idempotencyKey) == "" {
		header.Set(op.idempotencyKey, newIdempotencyKey())
	}
	payload, err := encodeBody(op, body, settings.redact)
	if err != nil {
		return zero, err
	}
	parent := ctx
	if settings.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, settings.timeout)
		defer cancel()
	}
	retries := settings.maxRetries
	if !op.retried() {
		retries = 0
	}
	for attempt := 1; ; attempt++ {
		response, err := c.send(ctx, op, target, settings.headers, header, payload)
		if err != nil {
			failure := c.transportError(ctx, parent, op, settings, err)
			var connection *ConnectionError
			if attempt <= retries && errors.As(failure, &connection) && retriable(connection.Err) {
				delay := backoff(attempt)
				c.logAttempt(ctx, op, 0, attempt, delay)
				if wait(ctx, delay) {
					continue
				}
			} else {
				c.logAttempt(ctx, op, 0, attempt, 0)
			}
			if ctx.Err() != nil {
				return zero, contextError(parent, op, settings)
			}
			return zero, failure
		}
		if response.StatusCode >= 200 && response.StatusCode < 300 {
			c.logAttempt(ctx, op, response.StatusCode, attempt, 0)
			return decode[T](ctx, parent, op, settings, response)
		}
		if attempt <= retries && retryStatuses[response.StatusCode] {
			if delay, ok := retryDelay(response.Header, attempt); ok && fitsDeadline(ctx, delay) {
				c.logAttempt(ctx, op, response.StatusCode, attempt, delay)
				discard(response)
				if !wait(ctx, delay) {
					return zero, contextError(parent, op, settings)
				}
				continue
			}
		}
		c.logAttempt(ctx, op, response.StatusCode, attempt, 0)
		return zero, apiError(ctx, parent, op, settings, response)
	}
}

// logAttempt logs one request of a call at the debug level, where the client has a logger: the
// operation, its method and path template, the answer's status (0: no answer), the attempt (from
// 1), and the wait before the next (0: none follows). Never a header, a parameter or a body.
func (c *Client) logAttempt(ctx context.Context, op *operation, status, attempt int, wait time.Duration) {
	if c.logger == nil || !c.logger.Enabled(ctx, slog.LevelDebug) {
		return
	}
	c.logger.LogAttrs(ctx, slog.LevelDebug, "emaildelivery: request", slog.String("operation", op.id), slog.String("method", op.method),
		slog.String("path", op.path), slog.Int("status", status), slog.Int("attempt", attempt), slog.Duration("wait", wait))
}

// send makes one request (its redirects followed by the client's checkRedirect).
func (c *Client) send(ctx context.Context, op *operation, target string, headers, header http.Header, payload []byte) (*http.Response, error) {
	var reader io.Reader
	if payload != nil {
		reader = bytes.NewReader(payload)
	}
	request, err := http.NewRequestWithContext(ctx, op.method, target, reader)
	if err != nil {
		return nil, err
	}
	for name, values := range headers {
		request.Header[name] = values
	}
	for name, values := range header {
		request.Header[name] = values
	}
	if payload != nil {
		request.Header.Set("Content-Type", "application/json")
	}
	if request.Header.Get("User-Agent") == "" {
		request.Header.Set("User-Agent", userAgent)
	}
	if !op.retried() {
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
func encodeBody(op *operation, body any, redact redactor) ([]byte, error) {
	if op.body == noBody || isNil(body) {
		if op.body == requiredBody {
			return nil, &RequestError{Operation: op.id, text: op.id + ": the request body is required and was nil; no request was sent"}
		}
		return nil, nil
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, &RequestError{Operation: op.id, text: op.id + ": the request body cannot be encoded as JSON: " + redact.excerpt(err.Error(), excerptLength) + "; no request was sent"}
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

// checkRedirect follows a redirect of redirectStatuses within the base URL's origin only, at most
// maxRedirects times: the answer after the last is the call's, as the TypeScript client has it. A
// redirect to another origin is refused with its target, which the call redacts with its headers.
func (c *Client) checkRedirect(next *http.Request, via []*http.Request) error {
	status := 0
	if next.Response != nil {
		status = next.Response.StatusCode
	}
	if status != 0 && !redirectStatuses[status] {
		return http.ErrUseLastResponse
	}
	if originOf(next.URL) != c.origin {
		return &CrossOriginRedirectError{StatusCode: status, Target: withoutQueryValues(next.URL)}
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
func (c *Client) transportError(ctx, parent context.Context, op *operation, settings *callSettings, err error) error {
	var redirect *CrossOriginRedirectError
	if errors.As(err, &redirect) {
		shown := settings.redact.apply(redirect.Target)
		return &CrossOriginRedirectError{Operation: op.id, StatusCode: redirect.StatusCode, Target: shown, text: fmt.Sprintf(
			"cross-origin redirect: the service answered %d with a redirect to %s, another origin than %s; it was not followed, so your headers were not sent there",
			redirect.StatusCode, escapeText(shown), c.origin)}
	}
	if ctx.Err() != nil {
		return contextError(parent, op, settings)
	}
	return &ConnectionError{Operation: op.id, Err: err, text: op.id + ": no answer: " + settings.redact.excerpt(err.Error(), excerptLength)}
}

// contextError is a *TimeoutError at the deadline, or the caller's cancellation (context.Canceled).
func contextError(parent context.Context, op *operation, settings *callSettings) error {
	if errors.Is(parent.Err(), context.Canceled) {
		return fmt.Errorf("%s: the call's context was canceled: %w", op.id, context.Canceled)
	}
	return timeoutError(parent, op, settings)
}

// timeoutError names the deadline that passed: the call's WithTimeout, or the context's.
func timeoutError(parent context.Context, op *operation, settings *callSettings) error {
	text := fmt.Sprintf("%s: timeout: no complete answer within %s (WithTimeout)", op.id, settings.timeout)
	if deadline, ok := parent.Deadline(); ok && (settings.timeout == 0 || parent.Err() != nil) {
		text = fmt.Sprintf("%s: timeout: no complete answer by the context's deadline (%s)", op.id, deadline.Format(time.RFC3339Nano))
	}
	return &TimeoutError{Operation: op.id, Timeout: settings.timeout, text: text + ": " + context.DeadlineExceeded.Error()}
}

// retriable says whether a request that got no answer may be sent again: the connection was
// refused, reset or closed before an answer.
func retriable(err error) bool {
	var opError *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		(errors.As(err, &opError) && opError.Op == "dial")
}

// retryDelay is the wait before retry n (from 1): the answer's Retry-After (seconds or an HTTP
// date) when it has one, not ok over retryAfterCap; else the backoff.
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
	return delay, delay <= retryAfterCap
}

// backoff is initialBackoff × 2^(n-1), at most maxBackoff, less up to backoffJitter of it.
func backoff(n int) time.Duration {
	delay := min(initialBackoff<<min(n-1, 20), maxBackoff)
	return delay - time.Duration(mathrand.Float64()*backoffJitter*float64(delay))
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
func decode[T any](ctx, parent context.Context, op *operation, settings *callSettings, response *http.Response) (T, error) {
	var out T
	data, over, err := readBody(response, settings.maxResponseBytes, true)
	switch {
	case over:
		return out, &ResponseTooLargeError{Operation: op.id, Limit: settings.maxResponseBytes}
	case err != nil && ctx.Err() != nil:
		return out, contextError(parent, op, settings)
	case err != nil:
		return out, &ConnectionError{Operation: op.id, Err: err, text: op.id + ": the answer's body was cut off: " + settings.redact.excerpt(err.Error(), excerptLength)}
	}
	if settings.responseInto != nil {
		answered := *response
		answered.Body = http.NoBody
		*settings.responseInto = &answered
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return out, nil
	}
	if !json.Valid(data) {
		return out, &ResponseBodyError{Operation: op.id, StatusCode: response.StatusCode, text: fmt.Sprintf(
			"%s: the %d answer's body is not JSON: %s", op.id, response.StatusCode, settings.redact.excerpt(string(data), 200))}
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, &ResponseBodyError{Operation: op.id, StatusCode: response.StatusCode, text: fmt.Sprintf(
			"%s: the %d answer's body is JSON, but not of the type the description gives it (%s): %s",
			op.id, response.StatusCode, settings.redact.excerpt(err.Error(), 200), settings.redact.excerpt(string(data), 200))}
	}
	return out, nil
}

// apiError reads the start of a non-2xx answer's body and makes its *APIError: its kind by status,
// its header with the call's header values redacted, its body parsed where it is JSON read whole.
func apiError(ctx, parent context.Context, op *operation, settings *callSettings, response *http.Response) error {
	limit := int64(errorBodyBytes)
	if settings.maxResponseBytes > 0 {
		limit = min(limit, settings.maxResponseBytes)
	}
	data, over, err := readBody(response, limit, false)
	if err != nil && ctx.Err() != nil {
		return contextError(parent, op, settings)
	}
	text := fmt.Sprintf("%s: the service answered %d", op.id, response.StatusCode)
	if excerpt := settings.redact.excerpt(string(data), excerptLength); excerpt != "" {
		text += ": " + excerpt
	}
	if over {
		text += fmt.Sprintf(" (the body goes on past %d bytes, unread)", limit)
	}
	var parsed any
	if !over && err == nil && json.Valid(data) {
		_ = json.Unmarshal(data, &parsed)
	}
	header := make(http.Header, len(response.Header))
	for name, values := range response.Header {
		redacted := make([]string, len(values))
		for i, value := range values {
			redacted[i] = settings.redact.apply(value)
		}
		header[name] = redacted
	}
	return &APIError{Operation: op.id, StatusCode: response.StatusCode, Kind: kindOf(response.StatusCode), Header: header, Body: data, BodyJSON: parsed,
		BodyTruncated: over, text: text}
}
