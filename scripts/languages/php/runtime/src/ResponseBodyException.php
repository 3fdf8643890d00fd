<?php

// A 2xx answer whose body is not JSON, or not what the description (or an overlay) types it as.

declare(strict_types=1);

namespace EmailDelivery;

final class ResponseBodyException extends EmailDeliveryException
{
    /** @internal */
    public function __construct(string $operation, private readonly int $statusCode, string $message, ?\Throwable $previous = null)
    {
        parent::__construct($operation, $message, $previous);
    }

    public function getStatusCode(): int
    {
        return $this->statusCode;
    }
}
