<?php

// A call that did not end within its deadline: connecting, redirects, retries and their waits, the body.

declare(strict_types=1);

namespace EmailDelivery;

final class TimeoutException extends EmailDeliveryException
{
    /** @internal */
    public function __construct(string $operation, private readonly float $seconds)
    {
        parent::__construct($operation, sprintf('%s: timeout: no complete answer within %s s (timeout)', $operation, self::seconds($seconds)));
    }

    /** The deadline the call had, in seconds. */
    public function getSeconds(): float
    {
        return $this->seconds;
    }

    private static function seconds(float $seconds): string
    {
        return rtrim(rtrim(sprintf('%.3f', $seconds), '0'), '.');
    }
}
