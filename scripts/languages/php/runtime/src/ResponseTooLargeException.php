<?php

// An answer whose body is bigger than the client's max_response_bytes: the rest was not read.

declare(strict_types=1);

namespace EmailDelivery;

final class ResponseTooLargeException extends EmailDeliveryException
{
    /** @internal */
    public function __construct(string $operation, private readonly int $limit)
    {
        parent::__construct($operation, sprintf(
            '%s: the response body is bigger than %d bytes (max_response_bytes), so the rest was not read; raise max_response_bytes to read it',
            $operation,
            $limit,
        ));
    }

    /** The bound, in bytes. */
    public function getLimit(): int
    {
        return $this->limit;
    }
}
