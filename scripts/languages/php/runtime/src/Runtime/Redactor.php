<?php

// What an error shows of text the client does not control (a body, a redirect's target, a header
// of the answer): each credential the client was given replaced by `[redacted]`, as given,
// percent-encoded, form-encoded and in base64, with the token after a scheme (`Bearer <token>`)
// too; then control, invisible and bidirectional characters escaped; then bounded in length.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

/** @internal */
final class Redactor
{
    private const REDACTED = '[redacted]';

    /** @var array<string, string> each form of each secret => `[redacted]`, the longest first */
    private array $pairs = [];

    /** @param list<string> $values the header values the client sends */
    public function __construct(array $values)
    {
        $forms = [];
        foreach ($values as $value) {
            $candidates = [$value];
            $trimmed = trim($value);
            $space = strpos($trimmed, ' ');
            if ($space !== false) {
                $candidates[] = trim(substr($trimmed, $space + 1));
            }
            foreach ($candidates as $secret) {
                if (strlen($secret) < 4) {
                    continue;
                }
                foreach ([$secret, rawurlencode($secret), urlencode($secret), base64_encode($secret), rtrim(base64_encode($secret), '='),
                    strtr(base64_encode($secret), '+/', '-_'), rtrim(strtr(base64_encode($secret), '+/', '-_'), '=')] as $form) {
                    $forms[$form] = strlen($form);
                }
            }
        }
        arsort($forms);
        foreach (array_keys($forms) as $form) {
            $this->pairs[(string) $form] = self::REDACTED;
        }
    }

    /** `text` with each secret's every form replaced. */
    public function redact(string $text): string
    {
        return $this->pairs === [] ? $text : strtr($text, $this->pairs);
    }

    /** `text` redacted, escaped and cut to at most `limit` characters (`…` says it was cut). */
    public function excerpt(string $text, int $limit): string
    {
        $escaped = self::escape($this->redact($text));
        // Escaped, it is UTF-8: counted and cut by character with PCRE, ext-mbstring not needed.
        if (strlen($escaped) <= $limit || preg_match_all('/./su', $escaped) <= $limit) {
            return $escaped;
        }
        preg_match('/^.{' . ($limit - 1) . '}/su', $escaped, $start);
        return $start[0] . '…';
    }

    /** A value for a message: redacted, escaped, at most 200 characters, in double quotes. */
    public function quote(string $value): string
    {
        return '"' . str_replace('"', '\\"', $this->excerpt($value, 200)) . '"';
    }

    /**
     * `text` with every byte that is not UTF-8 as `\xNN`, and control, format (bidirectional
     * overrides among them), separator and unassigned characters as `\xNN` or `\uNNNN`, a backslash
     * as `\\`: no text reaches a terminal as a command.
     */
    public static function escape(string $text): string
    {
        if (!preg_match('/[\x00-\x1f\x7f-\xff\\\\]/', $text)) {
            return $text;
        }
        // Valid UTF-8 sequences, else one byte at a time.
        $utf8 = '/[\x00-\x7f]|[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]'
            . '|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}|(.)/s';
        return (string) preg_replace_callback($utf8, static function (array $match): string {
            $char = $match[0];
            if (isset($match[1])) {
                return sprintf('\\x%02x', ord($char));
            }
            if ($char === '\\') {
                return '\\\\';
            }
            if (strlen($char) === 1) {
                $code = ord($char);
                return match (true) {
                    $char === "\n" => '\\n',
                    $char === "\r" => '\\r',
                    $char === "\t" => '\\t',
                    $code < 0x20 || $code === 0x7f => sprintf('\\x%02x', $code),
                    default => $char,
                };
            }
            if (preg_match('/^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]$/u', $char)) {
                $code = self::codePoint($char);
                return $code > 0xffff ? sprintf('\\U%08x', $code) : sprintf('\\u%04x', $code);
            }
            return $char;
        }, $text);
    }

    /** The code point of one UTF-8 character of 2 to 4 bytes. */
    private static function codePoint(string $char): int
    {
        $bytes = array_values((array) unpack('C*', $char));
        $code = $bytes[0] & (0xff >> (count($bytes) + 1));
        foreach (array_slice($bytes, 1) as $byte) {
            $code = ($code << 6) | ($byte & 0x3f);
        }
        return $code;
    }
}
