<?php

// A redirect to another origin than the base URL's (scheme, host, port): not followed, so your
// headers were not sent there. Its target received nothing.

declare(strict_types=1);

namespace EmailDelivery;

final class RedirectRefusedException extends EmailDeliveryException
{
    /** @internal */
    public function __construct(string $operation, private readonly int $statusCode, private readonly string $target, string $message)
    {
        parent::__construct($operation, $message);
    }

    /** The redirect's status. */
    public function getStatusCode(): int
    {
        return $this->statusCode;
    }

    /** Where it led, without its query's values, credentials redacted. */
    public function getTarget(): string
    {
        return $this->target;
    }
}
