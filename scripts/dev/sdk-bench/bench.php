<?php

// The PHP SDK's cost per call against plain ext-curl, for `npm run bench` (bench-sdk.ts runs it
// against a loopback service; the target is the SDK at most 20 % slower per call, with its log off
// and with it on at INFO).
// Usage: php bench.php <base URL> <N>. Calls listWebhooks N times through the committed SDK's Client
// (generated/sdk/php) with no logger, N times through a Client whose 'logger' is a PSR-3 logger
// (psr/log's AbstractLogger, as Debian's php-psr-log has it) at INFO writing to the null device (as
// a production application has it: the SDK's debug lines filtered), and N times through one reused curl handle (the same GET, the status
// checked, the body decoded with json_decode), after a warm-up of each, in alternating rounds so
// that none runs only while the machine is busier;
// prints {"sdkSeconds": ..., "sdkInfoSeconds": ..., "plainSeconds": ..., "calls": N, "rounds": ...}.

declare(strict_types=1);

/** Rounds of a few calls, each side in turn: a side's rounds and the next side's see the machine alike. */
const CALLS_PER_ROUND = 10;
const WARM_UP = 200;

$sdkDir = dirname(__DIR__, 3) . '/generated/sdk/php/src/';
spl_autoload_register(static function (string $class) use ($sdkDir): void {
    if (str_starts_with($class, 'EmailDelivery\\')) {
        require $sdkDir . str_replace('\\', '/', substr($class, strlen('EmailDelivery\\'))) . '.php';
    }
});

require_once 'Psr/Log/autoload.php';

/** A PSR-3 logger as an application has one: lines below its level dropped, the others written. */
final class LevelLogger extends Psr\Log\AbstractLogger
{
    private const LEVELS = ['debug' => 0, 'info' => 1, 'notice' => 2, 'warning' => 3, 'error' => 4];

    /** @param resource $sink */
    public function __construct(private readonly string $level, private $sink)
    {
    }

    /**
     * @param string $level
     * @param string|\Stringable $message
     * @param array<string, mixed> $context
     */
    public function log($level, $message, array $context = []): void
    {
        if (self::LEVELS[$level] < self::LEVELS[$this->level]) {
            return;
        }
        $fill = [];
        foreach ($context as $key => $value) {
            $fill['{' . $key . '}'] = is_scalar($value) ? (string) $value : json_encode($value);
        }
        fwrite($this->sink, date('c') . " {$level}: " . strtr((string) $message, $fill) . "\n");
    }
}

function timed(callable $call, int $times): float
{
    $started = hrtime(true);
    for ($i = 0; $i < $times; $i++) {
        $call();
    }
    return (hrtime(true) - $started) / 1e9;
}

[, $baseUrl, $calls] = $argv;
$sdk = new EmailDelivery\Client($baseUrl);
$atInfo = new LevelLogger('info', fopen('/dev/null', 'w'));
$sdkInfo = new EmailDelivery\Client($baseUrl, ['logger' => $atInfo]);
$plain = curl_init(rtrim($baseUrl, '/') . '/v1/webhooks');
curl_setopt($plain, CURLOPT_RETURNTRANSFER, true);
$sides = [
    'sdk' => static fn () => $sdk->listWebhooks(),
    'sdkInfo' => static fn () => $sdkInfo->listWebhooks(),
    'plain' => static function () use ($plain) {
        $body = curl_exec($plain);
        if ($body === false || curl_getinfo($plain, CURLINFO_RESPONSE_CODE) !== 200) {
            throw new RuntimeException('plain: ' . curl_error($plain));
        }
        return trim($body) === '' ? null : json_decode($body, true, 512, JSON_THROW_ON_ERROR);
    },
];
foreach ($sides as $call) {
    timed($call, WARM_UP);
}
$seconds = array_fill_keys(array_keys($sides), 0.0);
$rounds = array_fill_keys(array_keys($sides), []);
$perRound = CALLS_PER_ROUND;
$roundCount = max(intdiv((int) $calls, CALLS_PER_ROUND), 1);
for ($round = 0; $round < $roundCount; $round++) {
    // Each round starts one side further on (a, b, c; b, c, a; ...): every side runs in every place,
    // and none right after itself, whose warm caches a reversed order gave the first and last sides.
    $order = array_keys($sides);
    $shift = $round % count($order);
    foreach ([...array_slice($order, $shift), ...array_slice($order, 0, $shift)] as $side) {
        $rounds[$side][] = $took = timed($sides[$side], $perRound);
        $seconds[$side] += $took;
    }
}
echo json_encode([
    'sdkSeconds' => round($seconds['sdk'], 4),
    'sdkInfoSeconds' => round($seconds['sdkInfo'], 4),
    'plainSeconds' => round($seconds['plain'], 4),
    'calls' => $perRound * $roundCount,
    'rounds' => array_map(static fn (array $times) => array_map(static fn (float $took) => round($took, 6), $times), $rounds),
]), "\n";
