<?php

// A call refused before anything was sent, for another reason than its path: a required parameter
// or body missing, a body that is not JSON, a header value a header cannot carry, an unknown option.

declare(strict_types=1);

namespace EmailDelivery;

final class RequestException extends EmailDeliveryException
{
}
