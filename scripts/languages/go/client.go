// The client and its functional options: what NewClient checks before any call, and the client's
// printed form, which names the base URL and the header names, never a header's value.

package emaildelivery

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"
)

// Client calls the service at one base URL. Make it with NewClient; it is safe for concurrent use
// and holds no state between calls but its HTTP client's connections.
type Client struct {
	baseURL          string // scheme://host[:port][/prefix], without a trailing slash
	origin           string // scheme://host:port, lower case, the port always written
	headers          http.Header
	redact           redactor
	timeout          time.Duration
	maxResponseBytes int64
	maxRetries       int
	logger           *slog.Logger // nil: no log
	http             *http.Client
}

// config is what the options set, for a client (NewClient) or for one call (a method's options),
// before it is checked and used.
type config struct {
	forCall          bool
	headers          http.Header
	timeout          time.Duration
	maxResponseBytes int64
	maxRetries       int
	httpClient       *http.Client
	logger           *slog.Logger
	responseInto     **http.Response
	credentials      map[string]string // by security scheme, from the generated WithCredentials
	problems         []string
}

// securityScheme is a security scheme the description declares that one header carries
// (operations.gen.go's securitySchemes): its name, its header, what goes before the credential
// ("Bearer "), and the environment variable read when the credential is not given.
type securityScheme struct {
	name, header, prefix, variable string
}

// addCredentials sets each security scheme's credential in its header: the one given by
// WithCredentials, else the one its environment variable holds; a header given with WithHeader is
// sent instead. A credential's value appears in no problem's text.
func (c *config) addCredentials() {
	for _, scheme := range securitySchemes {
		value := c.credentials[scheme.name]
		if value == "" {
			value = os.Getenv(scheme.variable)
		}
		if value == "" || len(c.headers.Values(scheme.header)) > 0 {
			continue
		}
		if !validHeaderValue(scheme.prefix + value) {
			c.problems = append(c.problems, fmt.Sprintf("the credential of security scheme %q holds a control character (a line break, say), which a header cannot carry", scheme.name))
			continue
		}
		c.headers.Set(scheme.header, scheme.prefix+value)
	}
}

// Option changes one setting of a client made by NewClient, or of one call when a method is given
// it: WithHeader, WithTimeout, WithMaxResponseBytes and WithMaxRetries apply to either (a call's
// over its client's, for that call only); WithHTTPClient and WithLogger to a client;
// WithResponseInto to a call.
type Option func(*config)

// WithHeader sends a header with every request, such as your credentials (the interface document
// states no auth scheme); given to a call, with that call's requests, over the client's header of
// the same name. It goes only to the base URL's origin, and its value appears in no error text and
// in no printed form of the client. Given twice, the last value of a name is sent. A User-Agent
// given here replaces the SDK's own.
func WithHeader(name, value string) Option {
	return func(c *config) {
		if !validHeaderName(name) {
			c.problems = append(c.problems, fmt.Sprintf("WithHeader(%q, ...): the name is not an HTTP header name (a token: letters, digits and !#$%%&'*+-.^_`|~)", name))
			return
		}
		if !validHeaderValue(value) {
			c.problems = append(c.problems, fmt.Sprintf("WithHeader(%q, ...): the value holds a control character (a line break, say), which a header cannot carry", name))
			return
		}
		c.headers.Set(name, value)
	}
}

// WithTimeout bounds each whole call (default DefaultTimeout; 0: no bound but the context's). A
// call past it ends with a *TimeoutError, which errors.Is context.DeadlineExceeded.
func WithTimeout(timeout time.Duration) Option {
	return func(c *config) {
		if timeout < 0 {
			c.problems = append(c.problems, fmt.Sprintf("WithTimeout(%s): a timeout cannot be negative (0 means no bound)", timeout))
			return
		}
		c.timeout = timeout
	}
}

// WithMaxResponseBytes bounds the bytes of an answer's body the client reads (default
// DefaultMaxResponseBytes; 0: no bound). A bigger body ends the call with a *ResponseTooLargeError.
func WithMaxResponseBytes(limit int64) Option {
	return func(c *config) {
		if limit < 0 {
			c.problems = append(c.problems, fmt.Sprintf("WithMaxResponseBytes(%d): a bound cannot be negative (0 means no bound)", limit))
			return
		}
		c.maxResponseBytes = limit
	}
}

// WithMaxRetries sets how many times a GET, PUT or DELETE is sent again after a connection failure
// or a 429, 502, 503 or 504 (default DefaultMaxRetries; 0: never). A POST or PATCH is never retried.
func WithMaxRetries(retries int) Option {
	return func(c *config) {
		if retries < 0 {
			c.problems = append(c.problems, fmt.Sprintf("WithMaxRetries(%d): retries cannot be negative", retries))
			return
		}
		c.maxRetries = retries
	}
}

// WithHTTPClient sends the requests through a copy of httpClient (its transport, proxy, TLS
// settings, cookie jar and timeout), whose redirect policy the client replaces with its own: a
// redirect is followed only within the base URL's origin. httpClient itself is not changed. For a
// client only.
func WithHTTPClient(httpClient *http.Client) Option {
	return func(c *config) {
		switch {
		case c.forCall:
			c.problems = append(c.problems, "WithHTTPClient applies to a client (NewClient), not to one call")
		case httpClient == nil:
			c.problems = append(c.problems, "WithHTTPClient(nil): give an *http.Client, or leave the option out")
		default:
			c.httpClient = httpClient
		}
	}
}

// WithLogger logs each request the client sends, at the debug level: the operation, its method and
// path template, the answer's status (or that there was none), the attempt, and the wait before
// the next. No line holds a header's value, a parameter or a body. Without it, the environment
// variable EMAIL_DELIVERY_LOG=debug logs the same to stderr; WithLogger(nil) logs nothing,
// whatever the environment says. For a client only.
func WithLogger(logger *slog.Logger) Option {
	return func(c *config) {
		if c.forCall {
			c.problems = append(c.problems, "WithLogger applies to a client (NewClient), not to one call")
			return
		}
		c.logger = logger
	}
}

// WithResponseInto stores the answer of a call that succeeds in *response: its status and its
// header (its body already read and decoded, so closed). For a call only.
func WithResponseInto(response **http.Response) Option {
	return func(c *config) {
		switch {
		case !c.forCall:
			c.problems = append(c.problems, "WithResponseInto applies to one call (a method's options), not to a client")
		case response == nil:
			c.problems = append(c.problems, "WithResponseInto(nil): give the address of an *http.Response variable")
		default:
			c.responseInto = response
		}
	}
}

// environmentLogger is the logger EMAIL_DELIVERY_LOG asks for: debug lines to stderr, or none.
func environmentLogger() *slog.Logger {
	if !strings.EqualFold(strings.TrimSpace(os.Getenv(logVariable)), "debug") {
		return nil
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// NewClient makes a client of the service at baseURL (http or https, with any path prefix the
// service's paths follow, without credentials, query or fragment), with the options given.
func NewClient(baseURL string, opts ...Option) (*Client, error) {
	settings := config{headers: http.Header{}, timeout: DefaultTimeout, maxResponseBytes: DefaultMaxResponseBytes, maxRetries: DefaultMaxRetries, logger: environmentLogger()}
	for _, opt := range opts {
		if opt == nil {
			settings.problems = append(settings.problems, "a nil Option")
			continue
		}
		opt(&settings)
	}
	settings.addCredentials()
	base, origin, problem := checkBaseURL(baseURL)
	if problem != "" {
		settings.problems = append([]string{problem}, settings.problems...)
	}
	if len(settings.problems) > 0 {
		return nil, errors.New("emaildelivery.NewClient: " + strings.Join(settings.problems, "; "))
	}
	client := &Client{
		baseURL:          base,
		origin:           origin,
		headers:          settings.headers,
		redact:           newRedactor(settings.headers),
		timeout:          settings.timeout,
		maxResponseBytes: settings.maxResponseBytes,
		maxRetries:       settings.maxRetries,
		logger:           settings.logger,
	}
	if settings.httpClient != nil {
		copied := *settings.httpClient
		client.http = &copied
	} else {
		// A transport of its own: no connection pool or setting shared with the rest of the program.
		client.http = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	client.http.CheckRedirect = client.checkRedirect
	return client, nil
}

// checkBaseURL returns the base URL without a trailing slash and its origin, or why it cannot be one.
func checkBaseURL(baseURL string) (base, origin, problem string) {
	parsed, err := url.Parse(baseURL)
	switch {
	case err != nil || (parsed.Scheme != "http" && parsed.Scheme != "https") || parsed.Host == "":
		return "", "", fmt.Sprintf("the base URL %s is not an http or https URL with a host", quoted(baseURL))
	case parsed.User != nil:
		return "", "", "the base URL holds credentials (user:password@): send them with WithHeader, which keeps them out of error texts"
	case parsed.RawQuery != "" || parsed.ForceQuery || parsed.Fragment != "":
		return "", "", fmt.Sprintf("the base URL %s has a query or a fragment: give the service's URL only", quoted(parsed.Scheme+"://"+parsed.Host+parsed.EscapedPath()))
	}
	return parsed.Scheme + "://" + parsed.Host + strings.TrimRight(parsed.EscapedPath(), "/"), originOf(parsed), ""
}

// originOf is a URL's scheme, host and port, as browsers compare them.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// String names the base URL, the names of the headers (never their values) and the settings.
func (c Client) String() string {
	names := make([]string, 0, len(c.headers))
	for name := range c.headers {
		names = append(names, name)
	}
	sort.Strings(names)
	return fmt.Sprintf("emaildelivery.Client{BaseURL: %s, Headers: [%s], Timeout: %s, MaxResponseBytes: %d, MaxRetries: %d}",
		quoted(c.baseURL), strings.Join(names, " "), c.timeout, c.maxResponseBytes, c.maxRetries)
}

// GoString is String, for %#v.
func (c Client) GoString() string { return c.String() }

// Format prints String for every verb (%v, %+v, %#v, %s, %q...), so that no verb prints the
// header values the client holds. Both Client and *Client have it.
func (c Client) Format(state fmt.State, verb rune) {
	if verb == 'q' {
		fmt.Fprintf(state, "%q", c.String())
		return
	}
	fmt.Fprint(state, c.String())
}

// validHeaderName says whether name is an RFC 9110 token.
func validHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		ch := name[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", ch) >= 0) {
			return false
		}
	}
	return true
}

// validHeaderValue says whether value holds no control character but a tab.
func validHeaderValue(value string) bool {
	for i := 0; i < len(value); i++ {
		if ch := value[i]; (ch < ' ' && ch != '\t') || ch == 0x7f {
			return false
		}
	}
	return true
}
