<?php

// The base of every error a call throws: catch it to catch them all, or one of its subclasses
// (ApiException and its kinds by status, TimeoutException, ...) to tell outcomes apart by class.

declare(strict_types=1);

namespace EmailDelivery;

/**
 * An error of one call. Its message starts with the operationId (`getIntegration: ...`), holds no
 * credential the client was given, and has its control and bidirectional characters escaped.
 */
abstract class EmailDeliveryException extends \RuntimeException
{
    public function __construct(private readonly string $operation, string $message, ?\Throwable $previous = null)
    {
        parent::__construct($message, 0, $previous);
    }

    /** The operationId of the call that failed. */
    public function getOperation(): string
    {
        return $this->operation;
    }
}
