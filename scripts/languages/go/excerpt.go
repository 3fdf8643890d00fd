// What the errors print of text the client does not control (an answer's body, a redirect's
// target, an argument): every echo of the client's header values redacted (in any letter case,
// percent-, form- or JSON-encoded, in base64), then control characters and non-printables escaped,
// bounded in length.

package emaildelivery

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// redactor replaces every echo of the client's header values in a text by [redacted].
type redactor struct{ echoes *echoes }

// echoes are the secrets of a client's header values and, made when first used, what finds them.
type echoes struct {
	secrets []string
	once    sync.Once
	anyCase *regexp.Regexp    // each secret spelled in any form, in any letter case
	exact   *regexp.Regexp    // each secret's base64 runs, in their own case
	given   *strings.Replacer // the secrets that are not UTF-8, as given and percent-encoded
}

// newRedactor redacts the secrets each value of headers holds (secretsOf; none under
// shortestEchoedSecret characters) wherever a service may echo one: as given, percent-encoded
// (either case of hex) or form-encoded, JSON-escaped (\u002b, \/), any mix of these, in any letter
// case; and in base64, standard or URL-safe, padded or not, whole or inside a longer run. The
// TypeScript client's rule (credentialEchoes).
func newRedactor(headers map[string][]string) redactor {
	seen := map[string]bool{}
	var secrets []string
	for _, values := range headers {
		for _, value := range values {
			for _, secret := range secretsOf(value) {
				if utf8.RuneCountInString(secret) >= shortestEchoedSecret && !seen[secret] {
					seen[secret] = true
					secrets = append(secrets, secret)
				}
			}
		}
	}
	if len(secrets) == 0 {
		return redactor{}
	}
	// The longest first: a secret that starts another is replaced only where the other is not.
	sort.SliceStable(secrets, func(i, j int) bool { return len(secrets[i]) > len(secrets[j]) })
	return redactor{&echoes{secrets: secrets}}
}

// secretsOf are the secrets one header value holds: the value; with a scheme before it
// ("Bearer <token>"), the token alone; for Basic, the user:password it encodes and the password.
func secretsOf(value string) []string {
	whole := strings.TrimSpace(value)
	space := strings.IndexFunc(whole, unicode.IsSpace)
	if space < 0 {
		return []string{whole}
	}
	token := strings.TrimSpace(whole[space:])
	if !strings.EqualFold(whole[:space], "basic") {
		return []string{whole, token}
	}
	decoded, err := base64.StdEncoding.DecodeString(token + strings.Repeat("=", (4-len(token)%4)%4))
	if err != nil {
		return []string{whole, token}
	}
	pair := strings.ToValidUTF8(string(decoded), "\uFFFD")
	password := pair
	if _, after, found := strings.Cut(pair, ":"); found {
		password = after
	}
	return []string{whole, token, pair, password}
}

// jsonShortEscapes are the characters JSON may write as a short escape (\/ too, which JSON allows).
var jsonShortEscapes = map[rune]string{'"': `\"`, '\\': `\\`, '/': `\/`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}

// characterForms are the forms one character of a secret may take in what a service echoes, the
// longest first: as it is, percent-encoded (unless unreserved), JSON-escaped, form-encoded (+ for
// a space). The pattern ignores case, so either case of hex matches.
func characterForms(r rune) []string {
	raw := string(r)
	forms := []string{raw}
	if !(r < utf8.RuneSelf && encodeSegment(raw) == raw) {
		forms = append(forms, encodeSegment(raw))
	}
	var escaped strings.Builder
	for _, unit := range utf16.Encode([]rune{r}) {
		fmt.Fprintf(&escaped, `\u%04X`, unit)
	}
	forms = append(forms, escaped.String())
	if short, ok := jsonShortEscapes[r]; ok {
		forms = append(forms, short)
	}
	if r == ' ' {
		forms = append(forms, "+")
	}
	return longestFirst(forms)
}

// base64Forms are the runs of data's base64 (standard and URL-safe) that do not depend on the
// bytes around them, for each of the three places a run can start, and the whole of it padded: a
// secret a service encodes inside a longer text (user:key) is found too.
func base64Forms(data []byte) []string {
	runs := []string{base64.StdEncoding.EncodeToString(data)}
	for shift := 0; shift < 3; shift++ {
		encoded := base64.RawStdEncoding.EncodeToString(append(make([]byte, shift), data...))
		total := shift + len(data)
		start, end := []int{0, 2, 3}[shift], total/3*4+[]int{0, 1, 2}[total%3]
		if end > start {
			runs = append(runs, encoded[start:end])
		}
	}
	forms := make([]string, 0, 2*len(runs))
	for _, run := range runs {
		forms = append(forms, run, strings.NewReplacer("+", "-", "/", "_").Replace(run))
	}
	return forms
}

// longestFirst is forms without repeats, the longest first.
func longestFirst(forms []string) []string {
	seen := map[string]bool{}
	out := forms[:0:0]
	for _, form := range forms {
		if !seen[form] {
			seen[form] = true
			out = append(out, form)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// made builds the patterns of the echoes, once.
func (e *echoes) made() *echoes {
	e.once.Do(func() {
		var spelled, encoded, given []string
		for _, secret := range e.secrets {
			for _, form := range base64Forms([]byte(secret)) {
				if len(form) >= shortestEchoedSecret {
					encoded = append(encoded, form)
				}
			}
			if !utf8.ValidString(secret) {
				// No pattern holds bytes that are not UTF-8: these are found as given and percent-encoded.
				given = append(given, secret, "[redacted]", encodeSegment(secret), "[redacted]")
				continue
			}
			var pattern strings.Builder
			for _, r := range secret {
				forms := characterForms(r)
				for i, form := range forms {
					forms[i] = regexp.QuoteMeta(form)
				}
				pattern.WriteString("(?:" + strings.Join(forms, "|") + ")")
			}
			spelled = append(spelled, pattern.String())
		}
		if len(spelled) > 0 {
			e.anyCase, _ = regexp.Compile("(?i)" + strings.Join(spelled, "|"))
		}
		if encoded = longestFirst(encoded); len(encoded) > 0 {
			for i, form := range encoded {
				encoded[i] = regexp.QuoteMeta(form)
			}
			e.exact, _ = regexp.Compile(strings.Join(encoded, "|"))
		}
		if len(given) > 0 {
			e.given = strings.NewReplacer(given...)
		}
	})
	return e
}

func (r redactor) apply(text string) string {
	if r.echoes == nil {
		return text
	}
	e := r.echoes.made()
	if e.given != nil {
		text = e.given.Replace(text)
	}
	if e.anyCase != nil {
		text = e.anyCase.ReplaceAllLiteralString(text, "[redacted]")
	}
	if e.exact != nil {
		text = e.exact.ReplaceAllLiteralString(text, "[redacted]")
	}
	return text
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
