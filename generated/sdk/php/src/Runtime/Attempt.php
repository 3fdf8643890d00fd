<?php

// What one request came to: the answer's status, headers and body as far as they were read, or
// libcurl's error, and why the body was cut where the transport cut it.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

/** @internal */
final class Attempt
{
    public int $status = 0;
    /** @var list<array{0: string, 1: string}> the answer's headers, in order, names in lower case */
    public array $headers = [];
    public string $body = '';
    /** A 2xx body went past the bound (declared or read): the rest was not read. */
    public bool $tooLarge = false;
    /** A non-2xx body went past what an error keeps of it: the rest was not read. */
    public bool $truncated = false;
    public int $curlErrno = 0;
    public string $curlError = '';

    /** The answer's header `name` (lower case), its values joined by `, `, or null. */
    public function header(string $name): ?string
    {
        $values = [];
        foreach ($this->headers as [$key, $value]) {
            if ($key === $name) {
                $values[] = $value;
            }
        }
        return $values === [] ? null : implode(', ', $values);
    }
}
