// What a call sends: each path argument as one percent-encoded segment, and the query, header and
// cookie parameters of its params struct as their style and explode say (OpenAPI 3.1: query form,
// spaceDelimited and pipeDelimited, header simple, cookie form), names and values of the query and
// cookies percent-encoded. The params struct is the generated one: its fields are found by the
// parameter names in their json tags.

package emaildelivery

import (
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// parameter is how one query, header or cookie parameter of an operation travels.
type parameter struct {
	name     string
	in       string // query, header or cookie
	style    string // form, spaceDelimited, pipeDelimited or simple
	explode  bool
	required bool
}

// encodeSegment percent-encodes every byte of s but RFC 3986's unreserved characters
// (A-Z a-z 0-9 - . _ ~), as the description's parameters ask (allowReserved is false) and as the
// TypeScript client does.
func encodeSegment(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '.' || ch == '_' || ch == '~' {
			b.WriteByte(ch)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[ch>>4])
			b.WriteByte(hex[ch&15])
		}
	}
	return b.String()
}

// expandPath fills each {name} of op's path template with its argument, in order, or refuses an
// argument that cannot be one segment.
func (c *Client) expandPath(op *operation, args []string, redact redactor) (string, error) {
	var b strings.Builder
	b.WriteString(c.baseURL)
	rest := op.path
	for index := 0; ; index++ {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			b.WriteString(rest)
			return b.String(), nil
		}
		end := strings.IndexByte(rest[open:], '}') + open
		name := rest[open+1 : end]
		b.WriteString(rest[:open])
		if index >= len(args) {
			return "", &RequestError{Operation: op.id, text: fmt.Sprintf("%s: path parameter '%s' was not given; no request was sent", op.id, name)}
		}
		value := args[index]
		if value == "" || value == "." || value == ".." || !utf8.ValidString(value) {
			return "", &UnsafePathParameterError{Operation: op.id, Parameter: name, text: fmt.Sprintf(
				"%s: unsafe path parameter '%s': %s cannot be sent as one path segment (an empty, \".\" or \"..\" segment would address another resource, and one that is not UTF-8 has no encoding); no request was sent",
				op.id, name, redact.quote(value))}
		}
		b.WriteString(encodeSegment(value))
		rest = rest[end+1:]
	}
}

// encodeParameters returns the query string and the header of the parameters in params (the
// operation's generated params struct), or refuses a missing required one or a header value a
// header cannot carry.
func (c *Client) encodeParameters(op *operation, params any) (string, http.Header, error) {
	fields := fieldsByName(reflect.ValueOf(params))
	var query, cookies []string
	header := http.Header{}
	for _, p := range op.params {
		value, known := fields[p.name]
		if !known && params != nil {
			return "", nil, &RequestError{Operation: op.id, text: fmt.Sprintf("%s: the params struct has no field for parameter '%s': remake the SDK with `npm run sdk`", op.id, p.name)}
		}
		items, pairs, present := valuesOf(value)
		if strings.EqualFold(p.name, op.idempotencyKey) && len(items) == 1 && items[0] == "" {
			// An idempotency key left empty: the call makes one.
			continue
		}
		if !present {
			if p.required {
				return "", nil, &RequestError{Operation: op.id, text: fmt.Sprintf("%s: the required %s parameter '%s' was not given; no request was sent", op.id, p.in, p.name)}
			}
			continue
		}
		switch p.in {
		case "query":
			query = append(query, queryPairs(p, items, pairs)...)
		case "header":
			text := headerValue(p, items, pairs)
			if !validHeaderValue(text) {
				return "", nil, &RequestError{Operation: op.id, text: fmt.Sprintf("%s: the value of header parameter '%s' holds a control character (a line break, say), which a header cannot carry; no request was sent", op.id, p.name)}
			}
			header.Set(p.name, text)
		case "cookie":
			cookies = append(cookies, encodeSegment(p.name)+"="+strings.Join(encodeAll(items), ","))
		}
	}
	if len(cookies) > 0 {
		header.Set("Cookie", strings.Join(cookies, "; "))
	}
	return strings.Join(query, "&"), header, nil
}

// queryPairs are the name=value pairs of one query parameter: a primitive as name=v; an array
// repeating the name when exploded, else its items joined (`,`, `%20` for spaceDelimited, `%7C`
// for pipeDelimited); an object's properties each as k=v when exploded, else name=k,v,j,w.
func queryPairs(p parameter, items []string, pairs [][2]string) []string {
	name := encodeSegment(p.name)
	if pairs != nil {
		if p.explode {
			out := make([]string, 0, len(pairs))
			for _, pair := range pairs {
				out = append(out, encodeSegment(pair[0])+"="+encodeSegment(pair[1]))
			}
			return out
		}
		flat := make([]string, 0, 2*len(pairs))
		for _, pair := range pairs {
			flat = append(flat, encodeSegment(pair[0]), encodeSegment(pair[1]))
		}
		return []string{name + "=" + strings.Join(flat, ",")}
	}
	if p.explode {
		out := make([]string, 0, len(items))
		for _, item := range items {
			out = append(out, name+"="+encodeSegment(item))
		}
		return out
	}
	delimiter := map[string]string{"spaceDelimited": "%20", "pipeDelimited": "%7C"}[p.style]
	if delimiter == "" {
		delimiter = ","
	}
	return []string{name + "=" + strings.Join(encodeAll(items), delimiter)}
}

// headerValue is one header parameter, style simple: items joined by `,`, an object as k,v,j,w
// (k=v,j=w exploded). Not percent-encoded (OpenAPI 3.1.1: header values are not).
func headerValue(p parameter, items []string, pairs [][2]string) string {
	if pairs == nil {
		return strings.Join(items, ",")
	}
	parts := make([]string, 0, 2*len(pairs))
	for _, pair := range pairs {
		if p.explode {
			parts = append(parts, pair[0]+"="+pair[1])
		} else {
			parts = append(parts, pair[0], pair[1])
		}
	}
	return strings.Join(parts, ",")
}

func encodeAll(items []string) []string {
	out := make([]string, len(items))
	for i, item := range items {
		out[i] = encodeSegment(item)
	}
	return out
}

// fieldsByName are the fields of a params struct (or a pointer to one) by the name in their json tag.
func fieldsByName(v reflect.Value) map[string]reflect.Value {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	fields := map[string]reflect.Value{}
	for i := 0; i < v.NumField(); i++ {
		if name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			fields[name] = v.Field(i)
		}
	}
	return fields
}

var timeType = reflect.TypeOf(time.Time{})

// valuesOf is a parameter's value as the items of a primitive or an array (pairs nil), or as the
// name/value pairs of an object (a map, by name; a struct, by field); absent where it is nil or empty.
func valuesOf(v reflect.Value) (items []string, pairs [][2]string, present bool) {
	v = elem(v)
	if !v.IsValid() {
		return nil, nil, false
	}
	if text, ok := primitive(v); ok {
		return []string{text}, nil, true
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if text, ok := primitive(elem(v.Index(i))); ok {
				items = append(items, text)
			}
		}
		return items, nil, len(items) > 0
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, key := range keys {
			if text, ok := primitive(elem(v.MapIndex(key))); ok {
				pairs = append(pairs, [2]string{fmt.Sprint(key), text})
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			field := v.Type().Field(i)
			name, _, _ := strings.Cut(field.Tag.Get("json"), ",")
			if name == "-" && field.Name == "AdditionalProperties" {
				_, extra, _ := valuesOf(v.Field(i))
				pairs = append(pairs, extra...)
			} else if text, ok := primitive(elem(v.Field(i))); ok && name != "" && name != "-" {
				pairs = append(pairs, [2]string{name, text})
			}
		}
	}
	return nil, pairs, len(pairs) > 0
}

// elem follows pointers and interfaces; the zero Value where one is nil.
func elem(v reflect.Value) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return reflect.Value{}
		}
		v = v.Elem()
	}
	return v
}

// primitive is the text of a string, boolean, number or time (RFC 3339), as JSON would write it.
func primitive(v reflect.Value) (string, bool) {
	if !v.IsValid() {
		return "", false
	}
	if v.Type() == timeType {
		return v.Interface().(time.Time).Format(time.RFC3339Nano), true
	}
	switch v.Kind() {
	case reflect.String:
		return v.String(), true
	case reflect.Bool:
		return strconv.FormatBool(v.Bool()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10), true
	case reflect.Float32:
		return strconv.FormatFloat(v.Float(), 'f', -1, 32), true
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'f', -1, 64), true
	}
	return "", false
}
