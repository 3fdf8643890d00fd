<?php

// A program that uses the PHP SDK as an application would, installed by Composer from its package
// (vendor/autoload.php of the folder it runs in): it calls every operation of the Client once,
// against the base URL given as its one argument, and prints one line per call: the operationId,
// then "ok" or the exception. test/languages/php/package-checks.ts runs it against a recording
// server that checks each request with the description. The methods are the Client's own, found by
// reflection, their arguments by name (test/support/sdk-package.ts' consumerArguments).

declare(strict_types=1);

require getcwd() . '/vendor/autoload.php';

use EmailDelivery\Client;

$client = new Client($argv[1], ['headers' => ['X-Api-Key' => 'consumer-key']]);
$arguments = [
    'pairs' => ['name' => 'value', 'two words' => 'a&b'],
    'parameters' => [],
    'body' => ['any' => 1],
    'options' => [],
];
foreach ((new \ReflectionClass(Client::class))->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
    if ($method->getDeclaringClass()->getName() !== Client::class) {
        continue;
    }
    $given = array_map(static fn (\ReflectionParameter $parameter): mixed => $arguments[$parameter->getName()] ?? 'id 1/é', $method->getParameters());
    try {
        $method->invokeArgs($client, $given);
        echo $method->getName(), " ok\n";
    } catch (\EmailDelivery\EmailDeliveryException $error) {
        echo $method->getName(), ' error ', get_class($error), ': ', $error->getMessage(), "\n";
    }
}
