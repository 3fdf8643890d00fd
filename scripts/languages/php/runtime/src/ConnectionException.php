<?php

// A request that got no HTTP answer: the connection was refused, reset, or closed before the
// answer ended (after any retries).

declare(strict_types=1);

namespace EmailDelivery;

final class ConnectionException extends EmailDeliveryException
{
    /** @internal */
    public function __construct(string $operation, string $message, private readonly int $curlError)
    {
        parent::__construct($operation, $message);
    }

    /** libcurl's error number (CURLE_*). */
    public function getCurlError(): int
    {
        return $this->curlError;
    }
}
