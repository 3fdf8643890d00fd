<?php

// The PHP SDK's cost per call against plain ext-curl on loopback: `php bench.php <base URL> <calls>`
// makes 2 warm-up calls of each, then <calls> of listWebhooks through the committed SDK and as many
// GETs of /v1/webhooks over one reused curl handle (the same headers, the body decoded the same
// way), alternating in rounds of 10, and prints {"calls", "sdkSeconds", "plainSeconds"}.

declare(strict_types=1);

$sdk = dirname(__DIR__, 3) . '/generated/sdk/php';
spl_autoload_register(static function (string $class) use ($sdk): void {
    $file = $sdk . '/src/' . str_replace('\\', '/', substr($class, strlen('EmailDelivery\\'))) . '.php';
    if (str_starts_with($class, 'EmailDelivery\\') && is_file($file)) {
        require $file;
    }
});

[, $url, $calls] = $argv;
$calls = (int) $calls;
$client = new EmailDelivery\Client($url, ['headers' => ['X-Api-Key' => 'bench-key']]);
$handle = curl_init();
$plain = static function () use ($handle, $url): mixed {
    curl_setopt_array($handle, [
        CURLOPT_URL => $url . '/v1/webhooks',
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HTTPHEADER => ['X-Api-Key: bench-key', 'Accept: application/json', 'User-Agent: bench'],
        CURLOPT_TIMEOUT_MS => 60000,
    ]);
    $body = curl_exec($handle);
    if (!is_string($body) || curl_getinfo($handle, CURLINFO_RESPONSE_CODE) !== 200) {
        throw new RuntimeException('plain call failed');
    }
    return json_decode($body, true, 512, JSON_THROW_ON_ERROR);
};
$sdkCall = static fn (): mixed => $client->listWebhooks();
for ($i = 0; $i < 2; $i++) {
    $sdkCall();
    $plain();
}
$seconds = ['sdk' => 0.0, 'plain' => 0.0];
for ($done = 0; $done < $calls; $done += 10) {
    foreach (['sdk' => $sdkCall, 'plain' => $plain] as $name => $call) {
        $started = hrtime(true);
        for ($i = $done; $i < min($done + 10, $calls); $i++) {
            $call();
        }
        $seconds[$name] += (hrtime(true) - $started) / 1e9;
    }
}
echo json_encode(['calls' => $calls, 'sdkSeconds' => $seconds['sdk'], 'plainSeconds' => $seconds['plain']]), "\n";
