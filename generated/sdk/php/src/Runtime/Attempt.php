<?php

// What one request came to: the answer's status, heads and body as far as they were read, or
// libcurl's error, and why the body was cut where the transport cut it. The heads are kept as
// libcurl wrote them, of an answer that is not a 2xx only (a redirect, a retry, an error), and
// parsed only when asked.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

/** @internal */
final class Attempt
{
    public int $status = 0;
    /** The heads as read, of an answer that is not a 2xx (a 2xx's are not needed): a 100 Continue's, then the answer's, each ended by a blank line; trailers after. */
    public string $head = '';
    public string $body = '';
    /** A 2xx body went past the bound (declared or read): the rest was not read. */
    public bool $tooLarge = false;
    /** A non-2xx body went past what an error keeps of it: the rest was not read. */
    public bool $truncated = false;
    public int $curlErrno = 0;
    public string $curlError = '';
    /** @var ?list<array{0: string, 1: string}> */
    private ?array $parsed = null;

    /**
     * The answer's headers, in order, names in lower case: those of the last head read (a 100
     * Continue's are not the answer's), trailers left out.
     *
     * @return list<array{0: string, 1: string}>
     */
    public function headers(): array
    {
        if ($this->parsed !== null) {
            return $this->parsed;
        }
        $headers = [];
        $ended = false;
        foreach (explode("\n", $this->head) as $line) {
            if (str_starts_with($line, 'HTTP/')) {
                [$headers, $ended] = [[], false];
            } elseif (trim($line) === '') {
                // A head's end: what follows until another status line is a trailer, not a header.
                $ended = true;
            } elseif (!$ended && ($colon = strpos($line, ':')) !== false) {
                $headers[] = [strtolower(trim(substr($line, 0, $colon))), trim(substr($line, $colon + 1))];
            }
        }
        return $this->parsed = $headers;
    }

    /** The answer's header `name` (lower case), its values joined by `, `, or null. */
    public function header(string $name): ?string
    {
        $values = [];
        foreach ($this->headers() as [$key, $value]) {
            if ($key === $name) {
                $values[] = $value;
            }
        }
        return $values === [] ? null : implode(', ', $values);
    }
}
