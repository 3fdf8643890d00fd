<?php

// A path argument that cannot be one URL segment: empty, "." or ".." (which would address another
// resource), or not UTF-8. Nothing was sent.

declare(strict_types=1);

namespace EmailDelivery;

final class UnsafePathException extends EmailDeliveryException
{
    /** @internal */
    public function __construct(string $operation, private readonly string $parameter, string $message)
    {
        parent::__construct($operation, $message);
    }

    /** The path parameter's name. */
    public function getParameter(): string
    {
        return $this->parameter;
    }
}
