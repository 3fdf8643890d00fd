<?php

// The client every generated Client extends: its options, checked when it is made; its printed
// form (the base URL and the header names, never a value); and the one request function each
// generated method calls with its operation's record: one deadline for the whole call, retries as
// Spec's policy says, redirects within the base URL's origin only, the body read within its bound
// and decoded, and every other outcome an exception of its own class.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

use EmailDelivery\ApiException;
use EmailDelivery\ConnectionException;
use EmailDelivery\EmailDeliveryException;
use EmailDelivery\RedirectRefusedException;
use EmailDelivery\RequestException;
use EmailDelivery\ResponseBodyException;
use EmailDelivery\ResponseTooLargeException;
use EmailDelivery\Spec;
use EmailDelivery\TimeoutException;

abstract class BaseClient
{
    /** libcurl's errors of a connection that failed before an answer, which a retry may mend. */
    private const RETRIABLE_CURL_ERRORS = [CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE];
    /** A PSR-3 logger's lines, its placeholders filled from the context by a logger that writes them. */
    private const ANSWER_LINE = 'email-delivery: {operation}: {method} {path} -> {status} (attempt {attempt})';
    private const NO_ANSWER_LINE = 'email-delivery: {operation}: {method} {path} -> no answer (attempt {attempt})';
    private const WAIT_LINE = 'email-delivery: {operation}: waiting {wait} s before retry {attempt}';
    private const CLIENT_OPTIONS = ['headers', 'timeout', 'max_response_bytes', 'max_retries', 'logger', 'credentials'];
    private const CALL_OPTIONS = ['timeout', 'headers'];

    private readonly string $baseUrl;
    private readonly string $origin;
    /** @var list<string> */
    private readonly array $headerNames;
    private readonly ?float $timeout;
    private readonly ?int $maxResponseBytes;
    private readonly int $maxRetries;
    /** @var ?\Closure(string, array<string, mixed>): void */
    private readonly ?\Closure $logger;
    /**
     * A PSR-3 logger's debug(), told each line in PSR-3's placeholders: a logger that drops debug
     * lines never makes the text (a callable gets it made). A closure: a printed client shows
     * nothing of the logger's own state.
     *
     * @var ?\Closure(string, array<string, mixed>): void
     */
    private readonly ?\Closure $psrLogger;
    /**
     * Each client's headers and their redactor, kept outside the client: var_export and a cast to
     * array show an object's properties past __debugInfo, and var_dump a closure's variables, but
     * nothing shows a class's private static property. An entry goes with its client.
     *
     * @var ?\WeakMap<BaseClient, array{0: array<string, string>, 1: Redactor, 2: array<string, string>, 3: array{0: list<string>, 1: list<string>, 2: list<string>}}>
     */
    private static ?\WeakMap $vaults = null;
    private readonly Transport $transport;

    /**
     * @param string $baseUrl the service's URL, http or https, with any path prefix its paths follow
     * @param array{headers?: array<string, string>, timeout?: float|int|null, max_response_bytes?: int|null, max_retries?: int,
     *     logger?: \Psr\Log\LoggerInterface|callable(string, array<string, mixed>): void, credentials?: array<string, string>} $options
     */
    public function __construct(string $baseUrl, array $options = [])
    {
        $unknown = array_diff(array_keys($options), self::CLIENT_OPTIONS);
        if ($unknown !== []) {
            throw new \InvalidArgumentException(sprintf('unknown option %s (the options: %s)', Redactor::escape(implode(', ', $unknown)), implode(', ', self::CLIENT_OPTIONS)));
        }
        $parts = Wire::parts($baseUrl);
        $raw = parse_url($baseUrl);
        if ($parts === null || $raw === false || isset($raw['user']) || isset($raw['pass']) || isset($raw['query']) || isset($raw['fragment'])
            || preg_match('/[\x00-\x20\x7f]/', $baseUrl)) {
            throw new \InvalidArgumentException(sprintf(
                'the base URL %s is not an http or https URL without user info, query or fragment (give credentials in the headers option)',
                (new Redactor([]))->quote((string) preg_replace('#//[^/@]*@#', '//…@', $baseUrl)),
            ));
        }
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->origin = (string) Wire::origin($baseUrl);
        $headers = self::checkedHeaders(array_merge(self::credentialHeaders($options['credentials'] ?? []), $options['headers'] ?? []));
        $this->headerNames = array_keys($headers);
        $this->timeout = self::seconds('timeout', array_key_exists('timeout', $options) ? $options['timeout'] : Spec::DEFAULT_TIMEOUT);
        $bytes = array_key_exists('max_response_bytes', $options) ? $options['max_response_bytes'] : Spec::DEFAULT_MAX_RESPONSE_BYTES;
        if ($bytes !== null && (!is_int($bytes) || $bytes < 1)) {
            throw new \InvalidArgumentException('max_response_bytes is a positive number of bytes, or null for no bound');
        }
        $this->maxResponseBytes = $bytes;
        $retries = $options['max_retries'] ?? Spec::DEFAULT_MAX_RETRIES;
        if (!is_int($retries) || $retries < 0) {
            throw new \InvalidArgumentException('max_retries is a whole number, 0 or more');
        }
        $this->maxRetries = $retries;
        $logger = $options['logger'] ?? null;
        if ($logger === null && strtolower((string) getenv(Spec::LOG_VARIABLE)) === 'debug') {
            $logger = static function (string $message): void {
                file_put_contents('php://stderr', $message . PHP_EOL);
            };
        }
        // No dependency on psr/log: `instanceof` an interface that is not loaded is false. A PSR-3
        // logger that is also callable is taken as a PSR-3 logger.
        $this->psrLogger = $logger instanceof \Psr\Log\LoggerInterface ? \Closure::fromCallable([$logger, 'debug']) : null;
        if ($this->psrLogger === null && $logger !== null && !is_callable($logger)) {
            throw new \InvalidArgumentException('logger is a PSR-3 logger (Psr\\Log\\LoggerInterface) or a callable(string $message, array $context): void');
        }
        $this->logger = $logger === null || $this->psrLogger !== null ? null : \Closure::fromCallable($logger);
        self::$vaults ??= new \WeakMap();
        // The headers as given (what is redacted), and as every request sends them, the SDK's defaults under them (and as lines, made once).
        // Accept-Encoding is one of these lines, not libcurl's own, which it would format again on every request.
        // Accept is libcurl's `*/*`, as httpx's under the Python SDK: a line of ours costs libcurl
        // some 2,000 instructions a request (it checks each against the headers it writes itself).
        $sent = self::merged(['User-Agent' => Spec::USER_AGENT, 'Accept-Encoding' => 'identity'], $headers);
        self::$vaults[$this] = [$headers, new Redactor(array_values($headers)), $sent, self::lines($sent)];
        $this->transport = new Transport($this->maxResponseBytes);
    }

    /** The base URL and the header names, never a value (var_dump, print_r). */
    public function __debugInfo(): array
    {
        return [
            'baseUrl' => $this->baseUrl,
            'headers' => $this->headerNames,
            'timeout' => $this->timeout,
            'maxResponseBytes' => $this->maxResponseBytes,
            'maxRetries' => $this->maxRetries,
        ];
    }

    public function __toString(): string
    {
        return sprintf('%s(%s, headers: [%s])', static::class, $this->baseUrl, implode(', ', $this->headerNames));
    }

    /** A client is not copied: make another with the same options. */
    public function __clone()
    {
        throw new \LogicException(static::class . ' is not cloned: make a new client with the options you want');
    }

    /** A client holds credentials: it is not serialized. */
    public function __serialize(): array
    {
        throw new \LogicException(static::class . ' holds credentials and is not serialized: make a new client where you need one');
    }

    /** @param array<mixed> $data */
    public function __unserialize(array $data): void
    {
        throw new \LogicException(static::class . ' is not unserialized: make a new client');
    }

    /**
     * One call of an operation.
     *
     * @param array{id: string, method: string, path: string, pathNames: list<string>, parameters: list<array{name: string, in: string, style: string, explode: bool, required: bool, shape: string}>, body: string, openQuery: bool, result: string, idempotencyKey?: string} $operation
     * @param list<string> $path the path arguments, in the template's order
     * @param array<array-key, mixed> $parameters the open query pairs, or the other parameters by name
     * @param array{timeout?: float|int|null, headers?: array<string, string>} $options this call's own
     * @param ?class-string $model the class a 2xx body is decoded into, where one types it
     */
    protected function call(array $operation, array $path, array $parameters, mixed $body, array $options, ?string $model = null): mixed
    {
        $id = $operation['id'];
        [$clientHeaders, $redactor, $headers, $lines] = self::$vaults[$this] ?? throw new \LogicException(static::class . ' was not made by its constructor');
        $timeout = $this->timeout;
        $callHeaders = [];
        if ($options !== []) {
            $unknown = array_diff(array_keys($options), self::CALL_OPTIONS);
            if ($unknown !== []) {
                throw new RequestException($id, sprintf('%s: unknown call option %s (a call takes: %s); no request was sent', $id, Redactor::escape(implode(', ', $unknown)), implode(', ', self::CALL_OPTIONS)));
            }
            try {
                $timeout = array_key_exists('timeout', $options) ? self::seconds('timeout', $options['timeout']) : $timeout;
                $callHeaders = isset($options['headers']) ? self::checkedHeaders($options['headers']) : [];
            } catch (\InvalidArgumentException $error) {
                throw new RequestException($id, $id . ': ' . $error->getMessage() . '; no request was sent');
            }
            if ($callHeaders !== []) {
                $redactor = new Redactor(array_values(array_merge($clientHeaders, $callHeaders)));
            }
        }
        $target = $this->baseUrl . ($operation['pathNames'] === [] ? $operation['path'] : Wire::path($id, $operation['path'], $operation['pathNames'], $path, $redactor));
        $key = $operation['idempotencyKey'] ?? null;
        if ($key !== null && ($parameters[$key] ?? '') === '' && !self::named($clientHeaders, $key) && !self::named($callHeaders, $key)) {
            // One key for the call, sent on every attempt, where the caller gave none (or an empty
            // one): as a header of the call, which an operation of open query pairs sends too.
            unset($parameters[$key]);
            $callHeaders[$key] = self::madeKey();
        }
        $query = '';
        $parameterHeaders = [];
        if ($operation['openQuery']) {
            $query = Wire::pairs($id, $parameters);
        } elseif ($operation['parameters'] !== [] || $parameters !== []) {
            [$query, $parameterHeaders] = Wire::parameters($id, $operation['parameters'], $parameters);
        }
        if ($query !== '') {
            $target .= '?' . $query;
        }
        $payload = $body === null && $operation['body'] !== 'required' ? null : $this->payload($operation, $body);
        if ($parameterHeaders !== [] || $callHeaders !== []) {
            $lines = self::lines(self::merged(self::merged($headers, $parameterHeaders), $callHeaders));
        }
        $deadline = $timeout === null ? null : hrtime(true) + (int) ($timeout * 1e9);
        // The request in an array: a stack trace shows an array as `Array`, never the body it holds.
        $request = ['url' => $target, 'lines' => $lines, 'payload' => $payload];
        for ($attempt = 1; ; $attempt++) {
            $result = $this->sendFollowing($operation, $request, $deadline, $timeout, $redactor, $attempt);
            if ($result instanceof Attempt && $result->status >= 200 && $result->status < 300) {
                return $this->decoded($operation, $result, $redactor, $model);
            }
            $failure = $result instanceof Attempt ? null : $result;
            // A POST or PATCH with an idempotency key is retried as a GET is: the service tells a retry from a new call.
            $retries = in_array($operation['method'], Spec::RETRY_METHODS, true) || $key !== null ? $this->maxRetries : 0;
            if ($attempt <= $retries && ($failure !== null || in_array($result->status, Spec::RETRY_STATUSES, true))) {
                $delay = $failure !== null ? self::backoff($attempt) : self::retryDelay($result, $attempt);
                if ($delay !== null && ($deadline === null || hrtime(true) + (int) ($delay * 1e9) < $deadline)) {
                    $this->logWait($id, $delay, $attempt);
                    usleep((int) ($delay * 1e6));
                    continue;
                }
            }
            if ($failure !== null) {
                throw $failure;
            }
            throw $this->apiError($id, $result, $redactor);
        }
    }

    /**
     * One try of a call: its request and the redirects within the origin it leads to, at most
     * Spec::MAX_REDIRECTS (the answer after them is the try's). A connection failure comes back
     * as its exception (a retry may follow); any other failure is thrown.
     *
     * @param array{url: string, lines: array{0: list<string>, 1: list<string>, 2: list<string>}, payload: ?string} $request
     */
    private function sendFollowing(array $operation, array $request, ?int $deadline, ?float $timeout, Redactor $redactor, int $attempt): Attempt|ConnectionException
    {
        $id = $operation['id'];
        $method = $operation['method'];
        ['url' => $url, 'lines' => $lines, 'payload' => $payload] = $request;
        for ($redirects = 0; ; $redirects++) {
            $left = $deadline === null ? null : ($deadline - hrtime(true)) / 1e9;
            if ($left !== null && $left <= 0) {
                throw new TimeoutException($id, (float) $timeout);
            }
            $sent = $lines[$payload !== null ? 2 : (in_array($method, Transport::BODY_METHODS, true) ? 1 : 0)];
            $result = $this->transport->send($method, $url, $sent, $payload, $left);
            if ($this->psrLogger !== null) {
                ($this->psrLogger)($result->status === 0 ? self::NO_ANSWER_LINE : self::ANSWER_LINE, [
                    'operation' => $id, 'method' => $method, 'path' => $operation['path'], 'status' => $result->status, 'attempt' => $attempt,
                ]);
            } elseif ($this->logger !== null) {
                // One concatenation and one array: a callable cannot say it drops debug lines, so
                // each is made, and its cost is the call's.
                $status = $result->status;
                ($this->logger)('email-delivery: ' . $id . ': ' . $method . ' ' . $operation['path'] . ' -> ' . ($status ?: 'no answer') . ' (attempt ' . $attempt . ')', [
                    'operation' => $id, 'method' => $method, 'path' => $operation['path'], 'status' => $status, 'attempt' => $attempt,
                ]);
            }
            if ($result->curlErrno === 0 && $result->status < 300) {
                // Read whole (a body over its bound ends with libcurl's write error), and no redirect.
                return $result;
            }
            if ($result->tooLarge) {
                throw new ResponseTooLargeException($id, (int) $this->maxResponseBytes);
            }
            if ($result->curlErrno === CURLE_OPERATION_TIMEDOUT || ($result->curlErrno !== 0 && $deadline !== null && hrtime(true) >= $deadline)) {
                throw new TimeoutException($id, (float) $timeout);
            }
            if ($result->curlErrno !== 0) {
                $error = new ConnectionException($id, sprintf('%s: no answer: %s', $id, $redactor->excerpt($result->curlError, 300)), $result->curlErrno);
                if (in_array($result->curlErrno, self::RETRIABLE_CURL_ERRORS, true)) {
                    return $error;
                }
                throw $error;
            }
            $location = in_array($result->status, Spec::REDIRECT_STATUSES, true) ? $result->header('location') : null;
            if ($location === null || $redirects >= Spec::MAX_REDIRECTS) {
                return $result;
            }
            $next = Wire::resolve($url, $location);
            if (Wire::origin($next) !== $this->origin) {
                $shown = $redactor->redact(Wire::withoutQueryValues($next));
                throw new RedirectRefusedException($id, $result->status, $shown, sprintf(
                    '%s: cross-origin redirect: the service answered %d with a redirect to %s, another origin than %s; it was not followed, so your headers were not sent there',
                    $id,
                    $result->status,
                    Redactor::escape($shown),
                    $this->origin,
                ));
            }
            if ($result->status === 303 || ($method === 'POST' && ($result->status === 301 || $result->status === 302))) {
                $method = $method === 'HEAD' ? 'HEAD' : 'GET';
                $payload = null;
            }
            $url = $next;
        }
    }

    /** The JSON of a call's body, null where it sends none. */
    private function payload(array $operation, mixed $body): ?string
    {
        $id = $operation['id'];
        if ($operation['body'] === 'none' || $body === null) {
            if ($operation['body'] === 'required') {
                throw new RequestException($id, $id . ': the request body is required and was null; no request was sent');
            }
            return null;
        }
        if ($body === []) {
            // An empty array for a body the description says is a JSON object: `{}`, not `[]`.
            return '{}';
        }
        try {
            return json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
        } catch (\JsonException $error) {
            throw new RequestException($id, sprintf('%s: the request body cannot be encoded as JSON (%s); no request was sent', $id, $error->getMessage()));
        }
    }

    /** A 2xx answer's body decoded: null where it is empty, the model where one types it. */
    private function decoded(array $operation, Attempt $result, Redactor $redactor, ?string $model): mixed
    {
        $id = $operation['id'];
        $text = trim($result->body);
        if ($text === '') {
            return null;
        }
        try {
            $value = json_decode($text, true, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
        } catch (\JsonException) {
            throw new ResponseBodyException($id, $result->status, sprintf("%s: the %d answer's body is not JSON: %s", $id, $result->status, $redactor->excerpt($result->body, 200)));
        }
        if ($operation['result'] === 'object' && $text[0] !== '{') {
            throw new ResponseBodyException($id, $result->status, sprintf(
                "%s: the %d answer's body is JSON, but not the JSON object the description says it is: %s",
                $id,
                $result->status,
                $redactor->excerpt($result->body, 200),
            ));
        }
        if ($model === null) {
            return $value;
        }
        try {
            return $model::fromJson($value);
        } catch (\TypeError | \ValueError | \InvalidArgumentException $error) {
            throw new ResponseBodyException($id, $result->status, sprintf(
                "%s: the %d answer's body is JSON, but not of the type the description gives it (%s): %s",
                $id,
                $result->status,
                $redactor->excerpt($error->getMessage(), 200),
                $redactor->excerpt($result->body, 200),
            ), $error);
        }
    }

    /** The ApiException of a non-2xx answer, of its status' kind. */
    private function apiError(string $id, Attempt $result, Redactor $redactor): ApiException
    {
        $headers = [];
        foreach ($result->headers() as [$name]) {
            $headers[$name] ??= $redactor->redact((string) $result->header($name));
        }
        $json = null;
        $text = trim($result->body);
        if (!$result->truncated && $text !== '') {
            try {
                json_decode($text, false, 512, JSON_THROW_ON_ERROR);
                $json = $text;
            } catch (\JsonException) {
                $json = null;
            }
        }
        $excerpt = $redactor->excerpt($result->body, Spec::EXCERPT_CHARACTERS);
        $message = sprintf('%s: the service answered %d', $id, $result->status)
            . ($result->truncated ? sprintf(' (its body goes on past %d bytes, unread)', strlen($result->body)) : '')
            . ($excerpt === '' ? '' : ': ' . $excerpt);
        $kind = ApiException::kindOf($result->status);
        $class = $kind === '' ? ApiException::class : 'EmailDelivery\\' . $kind . 'Exception';
        return new $class($id, $result->status, $headers, $json, $message);
    }

    /** The wait before retry `n` (from 1): the answer's Retry-After, null past the cap; else the backoff. */
    private static function retryDelay(Attempt $result, int $n): ?float
    {
        $value = trim((string) $result->header('retry-after'));
        if ($value === '') {
            return self::backoff($n);
        }
        if (preg_match('/^[0-9]+$/', $value) === 1) {
            $delay = (float) $value;
        } else {
            $date = \DateTimeImmutable::createFromFormat('D, d M Y H:i:s \G\M\T', $value, new \DateTimeZone('UTC'));
            if ($date === false) {
                return self::backoff($n);
            }
            $delay = max(0.0, (float) $date->format('U.u') - microtime(true));
        }
        return $delay <= Spec::RETRY_AFTER_CAP_SECONDS ? $delay : null;
    }

    /** A random UUID, version 4 (RFC 9562), from random_bytes: a call's idempotency key. */
    private static function madeKey(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }

    /** Whether `$headers` has a header `$name`, in any case. */
    private static function named(array $headers, string $name): bool
    {
        foreach (array_keys($headers) as $key) {
            if (strcasecmp((string) $key, $name) === 0) {
                return true;
            }
        }
        return false;
    }

    /** 0.5 s × 2^(n-1), at most 8 s, less up to a quarter of jitter (Spec's policy). */
    private static function backoff(int $n): float
    {
        $delay = min(Spec::INITIAL_BACKOFF_SECONDS * (2 ** min($n - 1, 20)), Spec::MAX_BACKOFF_SECONDS);
        return $delay - $delay * Spec::JITTER * (mt_rand() / mt_getrandmax());
    }

    /** The wait before a retry, told the logger (a PSR-3 logger gets its line's placeholders). */
    private function logWait(string $id, float $delay, int $attempt): void
    {
        $context = ['operation' => $id, 'attempt' => $attempt, 'wait' => round($delay, 3)];
        if ($this->psrLogger !== null) {
            ($this->psrLogger)(self::WAIT_LINE, $context);
        } elseif ($this->logger !== null) {
            ($this->logger)(sprintf('email-delivery: %s: waiting %.3f s before retry %d', $id, $delay, $attempt), $context);
        }
    }

    /**
     * The header lines a request sends: without a body; of a POST, PUT or PATCH without one (no
     * form type of libcurl's); with a JSON one (no `Expect: 100-continue` of libcurl's either).
     *
     * @param array<string, string> $headers
     * @return array{0: list<string>, 1: list<string>, 2: list<string>}
     */
    private static function lines(array $headers): array
    {
        $lines = [];
        foreach ($headers as $name => $value) {
            $lines[] = $name . ': ' . $value;
        }
        return [$lines, [...$lines, 'Expect:', 'Content-Type:'], [...$lines, 'Expect:', 'Content-Type: application/json']];
    }

    /** `$over` over `$base`, a name in any case replacing the same name. */
    private static function merged(array $base, array $over): array
    {
        foreach ($over as $name => $value) {
            foreach (array_keys($base) as $key) {
                if (strcasecmp((string) $key, (string) $name) === 0) {
                    unset($base[$key]);
                }
            }
            $base[$name] = $value;
        }
        return $base;
    }

    /**
     * Headers whose names are HTTP tokens and whose values a header can carry; an error names the
     * header, never its value.
     *
     * @return array<string, string>
     */
    private static function checkedHeaders(mixed $headers): array
    {
        if (!is_array($headers)) {
            throw new \InvalidArgumentException('headers is an array of name => value');
        }
        $checked = [];
        foreach ($headers as $name => $value) {
            $name = (string) $name;
            if (!preg_match("/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/", $name)) {
                throw new \InvalidArgumentException(sprintf('the header name %s is not an HTTP header name', (new Redactor([]))->quote($name)));
            }
            if (!is_string($value) || preg_match('/[\x00-\x08\x0a-\x1f\x7f]/', $value)) {
                throw new \InvalidArgumentException(sprintf('the value of header %s is not a string a header can carry (a line break, say)', $name));
            }
            $checked = self::merged($checked, [$name => $value]);
        }
        return $checked;
    }

    /**
     * The headers of the credentials of an overlay's security schemes (Spec::SECURITY_SCHEMES):
     * given by the scheme's name, else read from its variable (EMAIL_DELIVERY_<SCHEME>).
     *
     * @return array<string, string>
     */
    private static function credentialHeaders(mixed $credentials): array
    {
        if (!is_array($credentials)) {
            throw new \InvalidArgumentException('credentials is an array of security scheme => credential');
        }
        foreach (array_keys($credentials) as $scheme) {
            if (!isset(Spec::SECURITY_SCHEMES[$scheme])) {
                $known = array_keys(Spec::SECURITY_SCHEMES);
                throw new \InvalidArgumentException(sprintf('credentials: no security scheme %s (the description declares %s)', (new Redactor([]))->quote((string) $scheme), $known === [] ? 'none' : implode(', ', $known)));
            }
        }
        $headers = [];
        foreach (Spec::SECURITY_SCHEMES as $scheme => $how) {
            $value = $credentials[$scheme] ?? getenv($how['variable']);
            if (is_string($value) && $value !== '') {
                $headers[$how['header']] = $how['bearer'] ? 'Bearer ' . $value : $value;
            }
        }
        return $headers;
    }

    private static function seconds(string $option, mixed $value): ?float
    {
        if ($value === null) {
            return null;
        }
        if ((!is_int($value) && !is_float($value)) || $value <= 0 || !is_finite((float) $value)) {
            throw new \InvalidArgumentException($option . ' is a positive number of seconds, or null for no bound');
        }
        return (float) $value;
    }
}
