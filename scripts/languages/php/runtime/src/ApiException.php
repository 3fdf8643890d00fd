<?php

// A non-2xx answer, after any retries: its status, its headers (names in lower case, values that
// echo a credential redacted) and its body parsed where it is JSON. Each kind of status has its
// subclass (NotFoundException for a 404, ...: Spec::ERROR_KINDS); a status none names is this class.

declare(strict_types=1);

namespace EmailDelivery;

class ApiException extends EmailDeliveryException
{
    /**
     * @internal
     * @param array<string, string> $headers
     */
    final public function __construct(
        string $operation,
        private readonly int $statusCode,
        private readonly array $headers,
        private readonly ?string $json,
        string $message,
    ) {
        parent::__construct($operation, $message);
    }

    /** The answer's HTTP status. */
    public function getStatusCode(): int
    {
        return $this->statusCode;
    }

    /**
     * The answer's headers: names in lower case, a name given twice with its values joined by `, `,
     * each credential the client was given replaced by `[redacted]`.
     *
     * @return array<string, string>
     */
    public function getHeaders(): array
    {
        return $this->headers;
    }

    /** One header of the answer by its name (any case), or null. */
    public function getHeader(string $name): ?string
    {
        return $this->headers[strtolower($name)] ?? null;
    }

    /**
     * The body decoded from JSON (as json_decode does: objects as arrays, or as \stdClass with
     * `$associative` false), or null where it is empty, not JSON, or past the bound read of it.
     * As the service sent it: print getMessage(), which is redacted, rather than this.
     */
    public function getBody(bool $associative = true): mixed
    {
        return $this->json === null ? null : json_decode($this->json, $associative, 512, JSON_BIGINT_AS_STRING);
    }

    /** The error's kind (`NotFound`, Spec::ERROR_KINDS), '' for a status none names. */
    public function getKind(): string
    {
        return self::kindOf($this->statusCode);
    }

    /** The kind of an error of `status` (Spec::ERROR_KINDS), '' for the base kind. */
    public static function kindOf(int $status): string
    {
        foreach (Spec::ERROR_KINDS as $kind) {
            if (isset($kind['status']) ? $kind['status'] === $status : $status >= $kind['from']) {
                return $kind['kind'];
            }
        }
        return '';
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return ['operation' => $this->getOperation(), 'statusCode' => $this->statusCode, 'message' => $this->getMessage(), 'headers' => $this->headers];
    }
}
