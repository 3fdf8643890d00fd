<?php

// PHPUnit's checks of a PHP SDK written with the example overlays (fields.yaml, auth.yaml,
// idempotency.yaml): the typed classes carry their fields and refuse a misspelt one, a typed answer
// is decoded into its class, a credential is read from its scheme's variable, no printed form of a
// client shows a credential, and a POST with the overlay's idempotency key is retried with one key
// (made for the call, or the caller's) while a POST without one is sent once. Run by
// test/languages/php/package-checks.ts with SDK_DIR (the SDK's folder) and SERVER_URL (a recording
// server answering getMessageStatus `{"state": "delivered"}`; a send's first request 503, its
// second 201, each with the keys the send's path has seen; exportContacts 503 with how many times).

declare(strict_types=1);

namespace EmailDelivery\Tests;

use EmailDelivery\Client;
use EmailDelivery\ConnectionException;
use EmailDelivery\InternalServerException;
use EmailDelivery\Model\GetMessageStatusResponseBody;
use EmailDelivery\Model\SendBatchRequestBody;
use EmailDelivery\ResponseBodyException;
use PHPUnit\Framework\TestCase;

final class SdkTest extends TestCase
{
    private const SECRET = 'sk-phpunit-4f2a /+&';

    public static function setUpBeforeClass(): void
    {
        $sdk = (string) getenv('SDK_DIR');
        spl_autoload_register(static function (string $class) use ($sdk): void {
            $file = $sdk . '/src/' . str_replace('\\', '/', substr($class, strlen('EmailDelivery\\'))) . '.php';
            if (str_starts_with($class, 'EmailDelivery\\') && is_file($file)) {
                require $file;
            }
        });
    }

    public function testATypedBodyCarriesItsFieldsUnderTheirNamesOnTheWire(): void
    {
        $body = new SendBatchRequestBody(subject: 'Hello', sendAt: '2026-01-01T00:00:00Z', additionalProperties: ['other' => 1]);
        self::assertSame('Hello', $body->subject);
        self::assertSame('{"other":1,"subject":"Hello","sendAt":"2026-01-01T00:00:00Z"}', json_encode($body));
        self::assertSame('{"subject":"Hi"}', json_encode(new SendBatchRequestBody(subject: 'Hi')));
        $read = SendBatchRequestBody::fromJson(['subject' => 'Hey', 'extra' => true]);
        self::assertSame(['Hey', null, ['extra' => true]], [$read->subject, $read->sendAt, $read->additionalProperties]);
    }

    public function testAMisspeltFieldIsAnError(): void
    {
        $this->expectException(\Error::class);
        $this->expectExceptionMessage('Unknown named parameter $subjet');
        new SendBatchRequestBody(...['subjet' => 'Hello']);
    }

    public function testAFieldIsReadOnly(): void
    {
        $body = new SendBatchRequestBody(subject: 'Hello');
        $this->expectException(\Error::class);
        $this->expectExceptionMessage('Cannot modify readonly property');
        (function () use ($body): void {
            $body->subject = 'changed';
        })();
    }

    public function testATypedAnswerIsDecodedIntoItsClassAndTheCredentialReadFromItsVariable(): void
    {
        putenv('EMAIL_DELIVERY_EXAMPLE_API_KEY=' . self::SECRET);
        try {
            $client = new Client((string) getenv('SERVER_URL'));
        } finally {
            putenv('EMAIL_DELIVERY_EXAMPLE_API_KEY');
        }
        $status = $client->getMessageStatus(['id' => 'm_1']);
        self::assertInstanceOf(GetMessageStatusResponseBody::class, $status);
        self::assertSame('delivered', $status->state);
        self::assertStringContainsString('X-Example-Api-Key', print_r($client, true));
    }

    public function testAnAnswerOfAnotherShapeIsAResponseBodyError(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        GetMessageStatusResponseBody::fromJson(['state' => 'lost']);
    }

    public function testAnAnswerMissingARequiredFieldIsAResponseBodyException(): void
    {
        $client = new Client((string) getenv('SERVER_URL'), ['max_retries' => 0]);
        $this->expectException(ResponseBodyException::class);
        $this->expectExceptionMessage("the required field 'state' is missing");
        $client->getMessageStatus(['id' => 'missing']);
    }

    public function testNoPrintedFormOfAClientShowsACredential(): void
    {
        $client = new Client('https://service.example/prefix', ['headers' => ['X-Api-Key' => self::SECRET], 'credentials' => ['ExampleApiKey' => self::SECRET]]);
        ob_start();
        var_dump($client);
        var_dump((array) $client);
        debug_zval_dump($client);
        $printed = (string) ob_get_clean() . print_r($client, true) . var_export($client, true) . json_encode($client) . $client;
        self::assertStringContainsString('https://service.example/prefix', $printed);
        self::assertStringContainsString('X-Api-Key', $printed);
        foreach ([self::SECRET, rawurlencode(self::SECRET), base64_encode(self::SECRET)] as $form) {
            self::assertStringNotContainsString($form, $printed);
        }
    }

    public function testAClientIsNeitherSerializedNorCloned(): void
    {
        $client = new Client('https://service.example', ['headers' => ['X-Api-Key' => self::SECRET]]);
        try {
            serialize($client);
            self::fail('serialized');
        } catch (\LogicException $error) {
            self::assertStringNotContainsString(self::SECRET, $error->getMessage());
        }
        $this->expectException(\LogicException::class);
        clone $client;
    }

    public function testTheLoggerHearsEachAttemptButNoHeaderValue(): void
    {
        $lines = [];
        $client = new Client((string) getenv('SERVER_URL'), [
            'headers' => ['X-Api-Key' => self::SECRET],
            'logger' => static function (string $message, array $context) use (&$lines): void {
                $lines[] = $message . ' ' . json_encode($context);
            },
        ]);
        $client->getMessageStatus(['id' => 'm_1']);
        self::assertCount(1, $lines);
        self::assertStringContainsString('GET /v1/messages/status -> 200 (attempt 1)', $lines[0]);
        self::assertStringNotContainsString(self::SECRET, implode("\n", $lines));
    }

    public function testAPsr3LoggerGetsEachLineAsPlaceholdersAndTheirValues(): void
    {
        // psr/log as Debian's php-psr-log has it (composer brings it): the interface every PHP logger implements.
        require_once 'Psr/Log/autoload.php';
        $logger = new class () extends \Psr\Log\AbstractLogger {
            /** @var list<array{0: mixed, 1: string, 2: array<string, mixed>}> */
            public array $records = [];

            public function log($level, $message, array $context = []): void
            {
                $this->records[] = [$level, (string) $message, $context];
            }
        };
        $client = new Client((string) getenv('SERVER_URL'), ['headers' => ['X-Api-Key' => self::SECRET], 'logger' => $logger]);
        $client->sendBatch('logged-send');
        self::assertSame(['debug', 'debug', 'debug'], array_column($logger->records, 0), 'the 503, the wait, the 201');
        $lines = array_map(static function (array $record): string {
            $fill = [];
            foreach ($record[2] as $key => $value) {
                $fill['{' . $key . '}'] = (string) $value;
            }
            return strtr($record[1], $fill);
        }, $logger->records);
        self::assertSame('email-delivery: {operation}: {method} {path} -> {status} (attempt {attempt})', $logger->records[0][1], 'the text is left to the logger');
        self::assertSame('email-delivery: sendBatch: POST /v1/batches/{id}/send -> 503 (attempt 1)', $lines[0]);
        self::assertSame(['operation' => 'sendBatch', 'attempt' => 1, 'wait' => 0.0], $logger->records[1][2]);
        self::assertSame('email-delivery: sendBatch: waiting 0 s before retry 1', $lines[1]);
        self::assertSame('email-delivery: sendBatch: POST /v1/batches/{id}/send -> 201 (attempt 2)', $lines[2]);
        self::assertStringNotContainsString(self::SECRET, json_encode($logger->records, JSON_THROW_ON_ERROR));
        self::assertStringNotContainsString('logged-send', json_encode($logger->records, JSON_THROW_ON_ERROR), 'the path template, never the id');

        // No answer (nothing listens on the discard port), a wait of the backoff's, no answer again.
        $logger->records = [];
        $refused = new Client('http://127.0.0.1:9', ['logger' => $logger, 'max_retries' => 1, 'timeout' => 10.0]);
        try {
            $refused->getIntegration('int_1');
            self::fail('answered');
        } catch (ConnectionException) {
        }
        self::assertSame([
            'email-delivery: {operation}: {method} {path} -> no answer (attempt {attempt})',
            'email-delivery: {operation}: waiting {wait} s before retry {attempt}',
            'email-delivery: {operation}: {method} {path} -> no answer (attempt {attempt})',
        ], array_column($logger->records, 1));
        self::assertSame(['operation' => 'getIntegration', 'method' => 'GET', 'path' => '/v1/integrations/{id}', 'status' => 0, 'attempt' => 2], $logger->records[2][2]);
        $wait = $logger->records[1][2]['wait'];
        self::assertTrue($wait >= 0.375 && $wait <= 0.5 && round($wait, 3) === $wait, 'the backoff, to the millisecond: ' . $wait);
    }

    public function testALoggerThatIsNeitherPsr3NorCallableIsRefused(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('logger is a PSR-3 logger (Psr\\Log\\LoggerInterface) or a callable');
        new Client('https://service.example', ['logger' => new \stdClass()]);
    }

    public function testTheLogVariableWritesEachAttemptToStderr(): void
    {
        $script = tempnam(sys_get_temp_dir(), 'sdk-log-');
        file_put_contents($script, sprintf(
            '<?php spl_autoload_register(function ($c) { $f = %s . "/src/" . str_replace("\\\\", "/", substr($c, 14)) . ".php"; if (is_file($f)) require $f; });'
            . ' (new EmailDelivery\Client(%s, ["headers" => ["X-Api-Key" => %s]]))->getMessageStatus(["id" => "m_1"]);',
            var_export((string) getenv('SDK_DIR'), true),
            var_export((string) getenv('SERVER_URL'), true),
            var_export(self::SECRET, true),
        ));
        $process = proc_open([PHP_BINARY, $script], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, ['EMAIL_DELIVERY_LOG' => 'debug'] + getenv());
        $stdout = stream_get_contents($pipes[1]);
        $stderr = stream_get_contents($pipes[2]);
        $code = proc_close($process);
        unlink($script);
        self::assertSame([0, ''], [$code, $stdout], $stderr);
        self::assertStringContainsString('email-delivery: getMessageStatus: GET /v1/messages/status -> 200 (attempt 1)', $stderr);
        self::assertStringNotContainsString(self::SECRET, $stderr);
    }

    public function testACredentialForASchemeTheDescriptionLacksIsRefused(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('no security scheme "Other" (the description declares ExampleApiKey)');
        new Client('https://service.example', ['credentials' => ['Other' => self::SECRET]]);
    }

    public function testAKeyedPostIsRetriedWithOneKeyMadeForTheCall(): void
    {
        $client = new Client((string) getenv('SERVER_URL'));
        $keys = $client->sendBatch('made-key')['keys'];
        self::assertCount(2, $keys, 'the 503, then the 201');
        self::assertSame($keys[0], $keys[1]);
        self::assertMatchesRegularExpression('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', $keys[0]);
        $other = $client->sendBatch('made-key-2')['keys'];
        self::assertNotSame($keys[0], $other[0], 'another call, another key');
    }

    public function testAnEmptyIdempotencyKeyIsReplacedByOneMadeForTheCall(): void
    {
        $keys = (new Client((string) getenv('SERVER_URL')))->sendBatch('empty-key', ['Idempotency-Key' => ''])['keys'];
        self::assertCount(2, $keys, 'the 503, then the 201');
        self::assertSame($keys[0], $keys[1]);
        self::assertMatchesRegularExpression('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', $keys[0]);
    }

    public function testTheCallersIdempotencyKeyIsKept(): void
    {
        $client = new Client((string) getenv('SERVER_URL'));
        self::assertSame(['caller-key-1', 'caller-key-1'], $client->sendBatch('given-key', ['Idempotency-Key' => 'caller-key-1'])['keys']);
        self::assertSame(['caller-key-2', 'caller-key-2'], $client->sendBatch('given-header', [], null, ['headers' => ['idempotency-key' => 'caller-key-2']])['keys']);
    }

    public function testAPostWithoutAnIdempotencyKeyIsSentOnce(): void
    {
        $client = new Client((string) getenv('SERVER_URL'));
        try {
            $client->exportContacts();
            self::fail('exportContacts answered 503 and did not throw');
        } catch (InternalServerException $error) {
            self::assertSame([503, ['times' => 1]], [$error->getStatusCode(), $error->getBody()]);
        }
    }
}
