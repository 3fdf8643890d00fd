// The Go SDK's driver for the guarantees table (test/support/guarantees.ts, run by
// test/languages/sdk-guarantees.test.ts): reads one JSON line per call on stdin, makes the call
// with a new client built from the line, and writes one JSON line of its outcome on stdout, decided
// by the error's type (errors.As, errors.Is context.DeadlineExceeded), never by its text; `status`
// only where there is an answer (a success's by WithResponseInto), an API error's kind, headers and
// parsed body from its fields. The line's `callOptions` are the call's own options. It uses only
// the SDK's public surface; the method is found by the operationId's exported name, its arguments
// by its signature.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strings"
	"time"

	emaildelivery "email-delivery-api/generated/sdk/go"
)

type input struct {
	BaseURL string            `json:"baseUrl"`
	Headers map[string]string `json:"headers"`
	Options struct {
		TimeoutSeconds   *float64 `json:"timeoutSeconds"`
		MaxResponseBytes *int64   `json:"maxResponseBytes"`
		MaxRetries       *int     `json:"maxRetries"`
	} `json:"options"`
	CallOptions struct {
		TimeoutSeconds *float64          `json:"timeoutSeconds"`
		Headers        map[string]string `json:"headers"`
	} `json:"callOptions"`
	Operation string            `json:"operation"`
	Path      []string          `json:"path"`
	Query     map[string]string `json:"query"`
	Body      json.RawMessage   `json:"body"`
}

type output struct {
	Outcome      string            `json:"outcome"`
	Status       int               `json:"status,omitempty"`
	Body         any               `json:"body"`
	Error        string            `json:"error"`
	Printed      string            `json:"printed"`
	Seconds      float64           `json:"seconds"`
	ErrorKind    *string           `json:"errorKind,omitempty"`
	ErrorHeaders map[string]string `json:"errorHeaders,omitempty"`
	ErrorBody    any               `json:"errorBody,omitempty"`
}

func main() {
	lines := bufio.NewScanner(os.Stdin)
	lines.Buffer(make([]byte, 1<<20), 64<<20)
	for lines.Scan() {
		if strings.TrimSpace(lines.Text()) == "" {
			continue
		}
		var in input
		if err := json.Unmarshal(lines.Bytes(), &in); err != nil {
			fmt.Fprintln(os.Stderr, "sdk-driver: a line that is not the input JSON:", err)
			os.Exit(2)
		}
		line, err := json.Marshal(callOnce(in))
		if err != nil {
			fmt.Fprintln(os.Stderr, "sdk-driver:", err)
			os.Exit(2)
		}
		if _, err := os.Stdout.Write(append(line, '\n')); err != nil {
			os.Exit(2)
		}
	}
	if err := lines.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "sdk-driver:", err)
		os.Exit(2)
	}
}

func callOnce(in input) output {
	var options []emaildelivery.Option
	for _, name := range sortedKeys(in.Headers) {
		options = append(options, emaildelivery.WithHeader(name, in.Headers[name]))
	}
	if in.Options.TimeoutSeconds != nil {
		options = append(options, emaildelivery.WithTimeout(seconds(*in.Options.TimeoutSeconds)))
	}
	if in.Options.MaxResponseBytes != nil {
		options = append(options, emaildelivery.WithMaxResponseBytes(*in.Options.MaxResponseBytes))
	}
	if in.Options.MaxRetries != nil {
		options = append(options, emaildelivery.WithMaxRetries(*in.Options.MaxRetries))
	}
	client, err := emaildelivery.NewClient(in.BaseURL, options...)
	if err != nil {
		return output{Outcome: "other", Error: err.Error()}
	}
	var answer *http.Response
	callOptions := []emaildelivery.Option{emaildelivery.WithResponseInto(&answer)}
	for _, name := range sortedKeys(in.CallOptions.Headers) {
		callOptions = append(callOptions, emaildelivery.WithHeader(name, in.CallOptions.Headers[name]))
	}
	if in.CallOptions.TimeoutSeconds != nil {
		callOptions = append(callOptions, emaildelivery.WithTimeout(seconds(*in.CallOptions.TimeoutSeconds)))
	}
	printed := fmt.Sprintf("%+v", client)
	started := time.Now()
	result, err := invoke(client, in, callOptions)
	elapsed := time.Since(started).Seconds()
	if err != nil {
		out := output{Outcome: outcomeOf(err), Error: err.Error(), Printed: printed, Seconds: elapsed}
		var api *emaildelivery.APIError
		if errors.As(err, &api) {
			kind := string(api.Kind)
			out.Status, out.ErrorKind, out.ErrorBody = api.StatusCode, &kind, api.BodyJSON
			out.ErrorHeaders = map[string]string{}
			for name, values := range api.Header {
				out.ErrorHeaders[strings.ToLower(name)] = strings.Join(values, ", ")
			}
			if kind != "" && !errors.Is(err, api.Kind) {
				out.Error = "sdk-driver: errors.Is does not match the API error with its kind " + kind
			}
		}
		return out
	}
	if answer == nil {
		return output{Outcome: "other", Error: "sdk-driver: WithResponseInto stored no answer of a call that succeeded", Printed: printed, Seconds: elapsed}
	}
	return output{Outcome: "ok", Status: answer.StatusCode, Body: result, Printed: printed, Seconds: elapsed}
}

// sortedKeys are a map's keys in order, so that options go in the same order each time.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

func seconds(value float64) time.Duration { return time.Duration(value * float64(time.Second)) }

// outcomeOf names an error by its type.
func outcomeOf(err error) string {
	var (
		api        *emaildelivery.APIError
		tooLarge   *emaildelivery.ResponseTooLargeError
		redirect   *emaildelivery.CrossOriginRedirectError
		unsafe     *emaildelivery.UnsafePathParameterError
		connection *emaildelivery.ConnectionError
	)
	switch {
	case errors.As(err, &api):
		return "api_error"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.As(err, &tooLarge):
		return "too_large"
	case errors.As(err, &redirect):
		return "redirect_refused"
	case errors.As(err, &unsafe):
		return "unsafe_path"
	case errors.As(err, &connection):
		return "connection_error"
	}
	return "other"
}

// invoke calls the client's method for in.Operation: the context, then the path arguments, then
// a params struct (the open query pairs as its `pairs`), then the body, as the method takes them.
func invoke(client *emaildelivery.Client, in input, options []emaildelivery.Option) (any, error) {
	name := strings.ToUpper(in.Operation[:1]) + in.Operation[1:]
	method := reflect.ValueOf(client).MethodByName(name)
	if !method.IsValid() {
		return nil, fmt.Errorf("sdk-driver: the SDK has no method %s", name)
	}
	kind := method.Type()
	args := []reflect.Value{reflect.ValueOf(context.Background())}
	path := in.Path
	for i := 1; i < kind.NumIn(); i++ {
		parameter := kind.In(i)
		switch {
		case kind.IsVariadic() && i == kind.NumIn()-1:
			for _, option := range options {
				args = append(args, reflect.ValueOf(option))
			}
		case parameter.Kind() == reflect.String:
			if len(path) == 0 {
				return nil, fmt.Errorf("sdk-driver: %s takes more path arguments than the line gives", name)
			}
			args = append(args, reflect.ValueOf(path[0]))
			path = path[1:]
		case strings.HasSuffix(parameter.Name(), "Params"):
			params := reflect.New(parameter)
			if in.Query != nil {
				pairs, _ := json.Marshal(map[string]any{"pairs": in.Query})
				if err := json.Unmarshal(pairs, params.Interface()); err != nil {
					return nil, fmt.Errorf("sdk-driver: the query of the line: %w", err)
				}
			}
			args = append(args, params.Elem())
		default:
			body := reflect.New(parameter)
			if len(in.Body) > 0 {
				if err := json.Unmarshal(in.Body, body.Interface()); err != nil {
					return nil, fmt.Errorf("sdk-driver: the body of the line: %w", err)
				}
			}
			args = append(args, body.Elem())
		}
	}
	results := method.Call(args)
	err, _ := results[1].Interface().(error)
	return results[0].Interface(), err
}
