// What the errors print of text the client does not control (an answer's body, a redirect's
// target, an argument): the client's header values redacted, as given, percent-encoded and in
// base64, then control characters and non-printables escaped, bounded in length.

package emaildelivery

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// redactor replaces the client's header values in a text.
type redactor struct{ replacer *strings.Replacer }

// newRedactor redacts each value of headers, and the token after a scheme ("Bearer <token>"), as
// given and in each percent-encoding and base64 form a server may echo them in; the longest first.
func newRedactor(headers map[string][]string) redactor {
	seen := map[string]bool{}
	var secrets []string
	add := func(value string) {
		forms := []string{value, encodeSegment(value), url.QueryEscape(value), url.PathEscape(value)}
		for _, encoding := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
			forms = append(forms, encoding.EncodeToString([]byte(value)))
		}
		for _, form := range forms {
			if form != "" && !seen[form] {
				seen[form] = true
				secrets = append(secrets, form)
			}
		}
	}
	for _, values := range headers {
		for _, value := range values {
			add(value)
			if _, token, found := strings.Cut(strings.TrimSpace(value), " "); found {
				add(strings.TrimSpace(token))
			}
		}
	}
	if len(secrets) == 0 {
		return redactor{}
	}
	sort.Slice(secrets, func(i, j int) bool { return len(secrets[i]) > len(secrets[j]) })
	pairs := make([]string, 0, 2*len(secrets))
	for _, secret := range secrets {
		pairs = append(pairs, secret, "[redacted]")
	}
	return redactor{strings.NewReplacer(pairs...)}
}

func (r redactor) apply(text string) string {
	if r.replacer == nil {
		return text
	}
	return r.replacer.Replace(text)
}

// excerpt is text redacted, escaped and cut to at most limit characters ("…" says it was cut).
func (r redactor) excerpt(text string, limit int) string {
	escaped := escapeText(r.apply(text))
	if utf8.RuneCountInString(escaped) <= limit {
		return escaped
	}
	cut := 0
	for i := range escaped {
		if cut == limit-1 {
			return escaped[:i] + "…"
		}
		cut++
	}
	return escaped
}

// escapeText writes control characters, non-printables and bytes that are not UTF-8 as Go escapes
// (\n, \x1b, \u202e), and a backslash as \\, so that no text reaches a terminal as a command.
func escapeText(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, text[i])
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && (r < ' ' || r == 0x7f):
			fmt.Fprintf(&b, `\x%02x`, r)
		case !unicode.IsPrint(r) && r != ' ':
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(text[i : i+size])
		}
		i += size
	}
	return b.String()
}

// quote is a value for a message: redacted, escaped, at most 200 characters, in double quotes.
func (r redactor) quote(value string) string {
	return `"` + strings.ReplaceAll(r.excerpt(value, 200), `"`, `\"`) + `"`
}

// quoted is quote without redaction, for what holds no header value (the base URL).
func quoted(value string) string { return redactor{}.quote(value) }
