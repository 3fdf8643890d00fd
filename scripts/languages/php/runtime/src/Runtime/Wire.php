<?php

// What a call sends, with no I/O: each path argument as one percent-encoded segment, the open query
// pairs as plain name=value, and the other parameters (an overlay's) as their OpenAPI style and
// explode say (query form, spaceDelimited, pipeDelimited; header simple; cookie form); and the
// URLs of redirects: resolved against the request's URL, compared by origin, shown without their
// query's values.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

use EmailDelivery\RequestException;
use EmailDelivery\UnsafePathException;

/** @internal */
final class Wire
{
    /** Every byte but RFC 3986's unreserved characters (A-Z a-z 0-9 - . _ ~) percent-encoded, `%` too. */
    public static function encode(string $text): string
    {
        return rawurlencode($text);
    }

    /**
     * The path template with each `{name}` filled by its argument as one segment, or an
     * UnsafePathException for one that cannot be: empty, `.`, `..`, not UTF-8.
     *
     * @param list<string> $names
     * @param list<string> $values
     */
    public static function path(string $operation, string $template, array $names, array $values, Redactor $redactor): string
    {
        $filled = [];
        foreach ($names as $index => $name) {
            $value = $values[$index] ?? '';
            if ($value === '' || $value === '.' || $value === '..' || !preg_match('//u', $value)) {
                throw new UnsafePathException($operation, $name, sprintf(
                    "%s: unsafe path parameter '%s': %s cannot be sent as one path segment (an empty, \".\" or \"..\" segment would address another resource, and one that is not UTF-8 has no encoding); no request was sent",
                    $operation,
                    $name,
                    $redactor->quote($value),
                ));
            }
            $filled['{' . $name . '}'] = self::encode($value);
        }
        return strtr($template, $filled);
    }

    /** A primitive as JSON writes it: `true`, `1`, `1.5`, a date as RFC 3339. */
    public static function text(string $operation, string $name, mixed $value): string
    {
        return match (true) {
            is_string($value) => $value,
            is_bool($value) => $value ? 'true' : 'false',
            is_int($value) => (string) $value,
            is_float($value) => (string) json_encode($value),
            $value instanceof \DateTimeInterface => $value->format(\DateTimeInterface::RFC3339_EXTENDED),
            $value instanceof \Stringable => (string) $value,
            default => throw new RequestException($operation, sprintf(
                "%s: parameter '%s' holds a %s, where a string, number or boolean goes; no request was sent",
                $operation,
                $name,
                get_debug_type($value),
            )),
        };
    }

    /**
     * The open query pairs as `name=value&...`, both percent-encoded.
     *
     * @param array<array-key, mixed> $pairs
     */
    public static function pairs(string $operation, array $pairs): string
    {
        $parts = [];
        foreach ($pairs as $name => $value) {
            if ($value !== null) {
                $parts[] = self::encode((string) $name) . '=' . self::encode(self::text($operation, (string) $name, $value));
            }
        }
        return implode('&', $parts);
    }

    /**
     * The query string and the headers of an operation's parameters (an overlay's), by name in
     * `$values`; a required one missing, or a header value a header cannot carry, refused.
     *
     * @param list<array{name: string, in: string, style: string, explode: bool, required: bool, shape: string}> $rules
     * @param array<array-key, mixed> $values
     * @return array{0: string, 1: array<string, string>}
     */
    public static function parameters(string $operation, array $rules, array $values): array
    {
        $known = array_column($rules, 'name');
        foreach (array_keys($values) as $name) {
            if (!in_array((string) $name, $known, true)) {
                throw new RequestException($operation, sprintf(
                    "%s: it takes no parameter '%s' (it takes: %s); no request was sent",
                    $operation,
                    Redactor::escape((string) $name),
                    $known === [] ? 'none' : implode(', ', $known),
                ));
            }
        }
        $query = [];
        $headers = [];
        $cookies = [];
        foreach ($rules as $rule) {
            $value = $values[$rule['name']] ?? null;
            if ($value === null || $value === []) {
                if ($rule['required']) {
                    throw new RequestException($operation, sprintf("%s: the required %s parameter '%s' was not given; no request was sent", $operation, $rule['in'], $rule['name']));
                }
                continue;
            }
            [$items, $entries] = self::shape($operation, $rule['name'], $value);
            if ($rule['in'] === 'query') {
                array_push($query, ...self::queryPairs($rule, $items, $entries));
            } elseif ($rule['in'] === 'header') {
                $text = $entries === null ? implode(',', $items) : implode(',', array_map(
                    static fn (array $entry): string => $rule['explode'] ? $entry[0] . '=' . $entry[1] : $entry[0] . ',' . $entry[1],
                    $entries,
                ));
                if (preg_match('/[\x00-\x08\x0a-\x1f\x7f]/', $text)) {
                    throw new RequestException($operation, sprintf("%s: the value of header parameter '%s' holds a control character (a line break, say), which a header cannot carry; no request was sent", $operation, $rule['name']));
                }
                $headers[$rule['name']] = $text;
            } else {
                $cookies[] = self::encode($rule['name']) . '=' . implode(',', array_map(self::encode(...), $items ?? []));
            }
        }
        if ($cookies !== []) {
            $headers['Cookie'] = implode('; ', $cookies);
        }
        return [implode('&', $query), $headers];
    }

    /**
     * A parameter's value as the items of a primitive or a list, or as the entries of an object.
     *
     * @return array{0: list<string>|null, 1: list<array{0: string, 1: string}>|null}
     */
    private static function shape(string $operation, string $name, mixed $value): array
    {
        if (!is_array($value)) {
            return [[self::text($operation, $name, $value)], null];
        }
        if (array_is_list($value)) {
            return [array_map(static fn (mixed $item): string => self::text($operation, $name, $item), array_values(array_filter($value, static fn (mixed $item): bool => $item !== null))), null];
        }
        $entries = [];
        foreach ($value as $key => $item) {
            if ($item !== null) {
                $entries[] = [(string) $key, self::text($operation, $name, $item)];
            }
        }
        return [null, $entries];
    }

    /**
     * @param array{name: string, style: string, explode: bool} $rule
     * @param list<string>|null $items
     * @param list<array{0: string, 1: string}>|null $entries
     * @return list<string>
     */
    private static function queryPairs(array $rule, ?array $items, ?array $entries): array
    {
        $name = self::encode($rule['name']);
        if ($entries !== null) {
            if ($rule['explode']) {
                return array_map(static fn (array $entry): string => self::encode($entry[0]) . '=' . self::encode($entry[1]), $entries);
            }
            return [$name . '=' . implode(',', array_map(static fn (array $entry): string => self::encode($entry[0]) . ',' . self::encode($entry[1]), $entries))];
        }
        $items ??= [];
        if ($rule['explode']) {
            return array_map(static fn (string $item): string => $name . '=' . self::encode($item), $items);
        }
        $delimiter = ['spaceDelimited' => '%20', 'pipeDelimited' => '%7C'][$rule['style']] ?? ',';
        return [$name . '=' . implode($delimiter, array_map(self::encode(...), $items))];
    }

    /**
     * The parts of an http or https URL (scheme and host in lower case, the port always given), or
     * null for anything else.
     *
     * @return array{scheme: string, host: string, port: int, path: string, query: ?string}|null
     */
    public static function parts(string $url): ?array
    {
        $parts = parse_url($url);
        if ($parts === false || !isset($parts['scheme'], $parts['host'])) {
            return null;
        }
        $scheme = strtolower($parts['scheme']);
        if ($scheme !== 'http' && $scheme !== 'https') {
            return null;
        }
        return [
            'scheme' => $scheme,
            'host' => strtolower($parts['host']),
            'port' => $parts['port'] ?? ($scheme === 'https' ? 443 : 80),
            'path' => $parts['path'] ?? '',
            'query' => $parts['query'] ?? null,
        ];
    }

    /** `scheme://host:port` of an http or https URL, or null. */
    public static function origin(string $url): ?string
    {
        $parts = self::parts($url);
        return $parts === null ? null : sprintf('%s://%s:%d', $parts['scheme'], $parts['host'], $parts['port']);
    }

    /** A redirect's Location resolved against the URL it answered (RFC 3986, section 5.2), its fragment dropped. */
    public static function resolve(string $base, string $location): string
    {
        $location = trim(explode('#', $location, 2)[0]);
        if (preg_match('/^[A-Za-z][A-Za-z0-9+.-]*:/', $location)) {
            return $location;
        }
        $parts = (array) parse_url($base);
        $authority = sprintf('%s://%s', $parts['scheme'] ?? 'http', $parts['host'] ?? '') . (isset($parts['port']) ? ':' . $parts['port'] : '');
        if (str_starts_with($location, '//')) {
            return ($parts['scheme'] ?? 'http') . ':' . $location;
        }
        $basePath = $parts['path'] ?? '/';
        if ($location === '') {
            return $authority . $basePath . (isset($parts['query']) ? '?' . $parts['query'] : '');
        }
        if ($location[0] === '?') {
            return $authority . $basePath . $location;
        }
        [$path, $query] = array_pad(explode('?', $location, 2), 2, null);
        if ($path === '') {
            $path = $basePath;
        } elseif ($path[0] !== '/') {
            $path = substr($basePath, 0, (int) strrpos($basePath, '/') + 1) . $path;
        }
        return $authority . self::withoutDotSegments($path) . ($query === null ? '' : '?' . $query);
    }

    private static function withoutDotSegments(string $path): string
    {
        $out = [];
        $segments = explode('/', $path);
        foreach ($segments as $index => $segment) {
            if ($segment === '..') {
                if (count($out) > 1) {
                    array_pop($out);
                }
                if ($index === count($segments) - 1) {
                    $out[] = '';
                }
            } elseif ($segment === '.') {
                if ($index === count($segments) - 1) {
                    $out[] = '';
                }
            } else {
                $out[] = $segment;
            }
        }
        return implode('/', $out);
    }

    /** A URL without user info, fragment, or its query's values (`name=…` kept). */
    public static function withoutQueryValues(string $url): string
    {
        $url = explode('#', $url, 2)[0];
        $url = (string) preg_replace('#^([A-Za-z][A-Za-z0-9+.-]*://)[^/?@]*@#', '$1', $url);
        $query = strpos($url, '?');
        if ($query === false) {
            return $url;
        }
        $pairs = array_map(static fn (string $pair): string => str_contains($pair, '=') ? explode('=', $pair, 2)[0] . '=…' : $pair, explode('&', substr($url, $query + 1)));
        return substr($url, 0, $query) . '?' . implode('&', $pairs);
    }
}
