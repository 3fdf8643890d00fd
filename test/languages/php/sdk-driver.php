<?php

// The PHP SDK's driver for the guarantees table (test/support/guarantees.ts, run by
// test/languages/sdk-guarantees.test.ts): reads one JSON call per line on stdin, makes it with
// a new client of the committed SDK (generated/sdk/php, or the folder given as its one argument),
// and writes one JSON outcome per line on stdout, told apart by the exception's class, never by its
// text. It uses the SDK's public surface only: a 2xx's status comes from the logger option.

declare(strict_types=1);

use EmailDelivery\ApiException;
use EmailDelivery\Client;
use EmailDelivery\ConnectionException;
use EmailDelivery\RedirectRefusedException;
use EmailDelivery\ResponseTooLargeException;
use EmailDelivery\TimeoutException;
use EmailDelivery\UnsafePathException;

$sdk = $argv[1] ?? dirname(__DIR__, 3) . '/generated/sdk/php';
spl_autoload_register(static function (string $class) use ($sdk): void {
    if (str_starts_with($class, 'EmailDelivery\\')) {
        $file = $sdk . '/src/' . str_replace('\\', '/', substr($class, strlen('EmailDelivery\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

/** The outcome of one call. */
function outcome(array $in): array
{
    $status = 0;
    $options = ['headers' => $in['headers'], 'logger' => static function (string $message, array $context) use (&$status): void {
        if (isset($context['status'])) {
            $status = $context['status'];
        }
    }];
    $given = $in['options'] ?? [];
    if (isset($given['timeoutSeconds'])) {
        $options['timeout'] = (float) $given['timeoutSeconds'];
    }
    if (isset($given['maxResponseBytes'])) {
        $options['max_response_bytes'] = $given['maxResponseBytes'];
    }
    if (isset($given['maxRetries'])) {
        $options['max_retries'] = $given['maxRetries'];
    }
    try {
        $client = new Client($in['baseUrl'], $options);
    } catch (\Throwable $error) {
        return ['outcome' => 'other', 'error' => get_class($error) . ': ' . $error->getMessage(), 'printed' => '', 'seconds' => 0];
    }
    // Every printed form: none may show a credential.
    $printed = print_r($client, true) . "\n" . var_export($client, true) . "\n" . (string) $client . "\n";
    ob_start();
    var_dump($client);
    $printed .= (string) ob_get_clean();
    $callOptions = [];
    if (isset($in['callOptions']['timeoutSeconds'])) {
        $callOptions['timeout'] = (float) $in['callOptions']['timeoutSeconds'];
    }
    if (isset($in['callOptions']['headers'])) {
        $callOptions['headers'] = $in['callOptions']['headers'];
    }
    $arguments = [];
    $path = $in['path'] ?? [];
    $method = new \ReflectionMethod(Client::class, $in['operation']);
    foreach ($method->getParameters() as $parameter) {
        $arguments[] = match ($parameter->getName()) {
            'options' => $callOptions,
            'body' => $in['body'] ?? null,
            'pairs', 'parameters' => $in['query'] ?? [],
            default => array_shift($path),
        };
    }
    $started = hrtime(true);
    try {
        $body = $method->invokeArgs($client, $arguments);
        return ['outcome' => 'ok', 'status' => $status, 'body' => $body, 'error' => '', 'printed' => $printed, 'seconds' => (hrtime(true) - $started) / 1e9];
    } catch (\Throwable $error) {
        $seconds = (hrtime(true) - $started) / 1e9;
        $out = ['outcome' => kind($error), 'error' => $error->getMessage(), 'printed' => $printed, 'seconds' => $seconds];
        if ($error instanceof ApiException) {
            // The kind by the class: ApiException itself is the base kind.
            $class = (new \ReflectionClass($error))->getShortName();
            $out['status'] = $error->getStatusCode();
            $out['errorKind'] = $class === 'ApiException' ? '' : substr($class, 0, -strlen('Exception'));
            $out['errorHeaders'] = $error->getHeaders();
            // As objects, so that {} stays {}; the arrays getBody() gives must say the same.
            $out['errorBody'] = $error->getBody(false);
            if (json_decode((string) json_encode($out['errorBody']), true) !== $error->getBody()) {
                $out['outcome'] = 'other';
                $out['error'] = 'getBody() and getBody(false) differ';
            }
            if ($out['errorKind'] !== $error->getKind()) {
                $out['outcome'] = 'other';
                $out['error'] = "the class's kind and getKind() differ";
            }
        } elseif (!$error instanceof \EmailDelivery\EmailDeliveryException) {
            $out['error'] = get_class($error) . ': ' . $error->getMessage();
        }
        return $out;
    }
}

function kind(\Throwable $error): string
{
    return match (true) {
        $error instanceof ApiException => 'api_error',
        $error instanceof TimeoutException => 'timeout',
        $error instanceof ResponseTooLargeException => 'too_large',
        $error instanceof RedirectRefusedException => 'redirect_refused',
        $error instanceof UnsafePathException => 'unsafe_path',
        $error instanceof ConnectionException => 'connection_error',
        default => 'other',
    };
}

while (($line = fgets(STDIN)) !== false) {
    if (trim($line) === '') {
        continue;
    }
    $in = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    echo json_encode(outcome($in), JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
}
