<?php

// One request over ext-curl, within what is left of the call's deadline (CURLOPT_TIMEOUT_MS bounds
// connecting, sending and the whole body read, so a body dripped a byte at a time ends there).
// Redirects are not followed here (the caller decides, within the origin); only http and https;
// no proxy from the environment; the body counted as it is decoded (Accept-Encoding: identity,
// and anything a service compresses anyway counted after libcurl decodes it) and cut at its bound.
// The heads go to a memory stream, written by libcurl in C, and are read from it only for an
// answer that is not a 2xx (a redirect, a retry, an error need them; a success does not); PHP runs
// once per body chunk only.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

/** @internal */
final class Transport
{
    /** What an error keeps of a non-2xx body (its excerpt and parsed body come from it). */
    public const ERROR_BODY_BYTES = 65536;
    /** The methods sent with a body even where a call has none (`Content-Length: 0`). */
    public const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

    private readonly \CurlHandle $handle;
    /** Where libcurl writes each head's lines, in C (a callback in PHP per line costs more than the rest of a call's work). */
    private readonly mixed $head;
    /**
     * The request in flight (its attempt, its bound, which is null until the body starts, and the
     * client's bounds of a 2xx body and of an error's), which the body callback fills: it holds
     * this, not the transport, so that no cycle keeps a client's connections open past its last use.
     */
    private readonly \stdClass $flight;
    /** What the handle was last given per request (libcurl keeps an option until it is set again): only a change is set. */
    private ?string $url = null;
    /** @var ?list<string> */
    private ?array $headerLines = null;
    private ?int $milliseconds = null;
    private ?string $method = null;
    private ?string $payload = null;

    /** @param ?int $limit the most bytes of a 2xx body read (null: no bound) */
    public function __construct(?int $limit)
    {
        $this->handle = curl_init();
        $head = $this->head = fopen('php://memory', 'w+');
        $flight = $this->flight = (object) [
            'attempt' => new Attempt(),
            'limit' => $limit,
            'successBound' => $limit ?? PHP_INT_MAX,
            'errorBound' => $limit === null ? self::ERROR_BODY_BYTES : min($limit, self::ERROR_BODY_BYTES),
            'bound' => null,
            'success' => false,
            'head' => $head,
        ];
        // What every request has, set once: the callbacks, the protocols, no redirects, no proxy.
        curl_setopt_array($this->handle, [
            CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_REDIR_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROXY => '',
            CURLOPT_NOSIGNAL => true,
            CURLOPT_ENCODING => 'identity',
            // The heads kept as read (Attempt parses them when asked).
            CURLOPT_WRITEHEADER => $head,
            CURLOPT_WRITEFUNCTION => static function (\CurlHandle $handle, string $data) use ($flight): int {
                $attempt = $flight->attempt;
                if ($flight->bound === null) {
                    // The body's first bytes: its bound set by the answer's status.
                    $status = $attempt->status = curl_getinfo($handle, CURLINFO_RESPONSE_CODE);
                    $flight->success = $status >= 200 && $status < 300;
                    $flight->bound = $flight->success ? $flight->successBound : $flight->errorBound;
                    if ($flight->success && $flight->limit !== null && curl_getinfo($handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T) > $flight->limit && self::declaredTooLarge($flight)) {
                        return 0;
                    }
                }
                if (strlen($attempt->body) + strlen($data) > $flight->bound) {
                    return self::cut($flight, $data);
                }
                $attempt->body .= $data;
                return strlen($data);
            },
        ]);
    }

    /**
     * Sends one request and reads its answer.
     *
     * @param list<string> $headerLines `Name: value`
     * @param ?float $seconds what is left of the deadline (null: none)
     */
    public function send(string $method, string $url, array $headerLines, ?string $payload, ?float $seconds): Attempt
    {
        $attempt = $this->flight->attempt = new Attempt();
        $this->flight->bound = null;
        ftruncate($this->head, 0);
        rewind($this->head);
        $milliseconds = $seconds === null ? 0 : max(1, (int) ceil($seconds * 1000));
        $options = [];
        if ($url !== $this->url) {
            $options[CURLOPT_URL] = $this->url = $url;
        }
        if ($headerLines !== $this->headerLines) {
            $options[CURLOPT_HTTPHEADER] = $this->headerLines = $headerLines;
        }
        if ($milliseconds !== $this->milliseconds) {
            $options[CURLOPT_TIMEOUT_MS] = $options[CURLOPT_CONNECTTIMEOUT_MS] = $this->milliseconds = $milliseconds;
        }
        if ($method !== $this->method || $payload !== $this->payload) {
            // Every option of the method set when it changes: one request's never carries over to the next.
            if ($payload === null && !in_array($method, self::BODY_METHODS, true)) {
                $options[CURLOPT_HTTPGET] = true;
                $options[CURLOPT_CUSTOMREQUEST] = $method === 'GET' || $method === 'HEAD' ? null : $method;
            } else {
                // A POST without a body says so (Content-Length: 0), with no form type of libcurl's.
                $options[CURLOPT_POSTFIELDS] = $payload ?? '';
                $options[CURLOPT_CUSTOMREQUEST] = $method;
            }
            // After HTTPGET, which turns NOBODY off.
            $options[CURLOPT_NOBODY] = $method === 'HEAD';
            [$this->method, $this->payload] = [$method, $payload];
        }
        if ($options !== []) {
            curl_setopt_array($this->handle, $options);
        }
        $done = curl_exec($this->handle);
        if ($attempt->status === 0) {
            // No body, so the body callback did not read the status.
            $attempt->status = curl_getinfo($this->handle, CURLINFO_RESPONSE_CODE);
        }
        if ($attempt->status < 200 || $attempt->status >= 300) {
            rewind($this->head);
            $attempt->head = (string) stream_get_contents($this->head);
        }
        if ($done === false) {
            $attempt->curlErrno = curl_errno($this->handle);
            $attempt->curlError = curl_error($this->handle);
            if ($attempt->curlErrno === CURLE_WRITE_ERROR && ($attempt->tooLarge || $attempt->truncated)) {
                // Cut by the bound, on purpose; the connection is not kept.
                $attempt->curlErrno = $attempt->tooLarge ? CURLE_WRITE_ERROR : 0;
            }
        }
        return $attempt;
    }

    /**
     * Whether a 2xx that libcurl says is longer than the bound says so itself in its Content-Length,
     * unencoded (an encoded body is counted as it is decoded): then none of it is read.
     */
    private static function declaredTooLarge(\stdClass $flight): bool
    {
        $attempt = $flight->attempt;
        rewind($flight->head);
        $attempt->head = (string) stream_get_contents($flight->head);
        $length = trim((string) $attempt->header('content-length'));
        $encoding = strtolower(trim((string) $attempt->header('content-encoding')));
        if (($encoding === '' || $encoding === 'identity') && preg_match('/^[0-9]+$/', $length) === 1 && (float) $length > $flight->limit) {
            $attempt->tooLarge = true;
            return true;
        }
        return false;
    }

    /** The body past its bound: kept up to it, the rest not read (the transfer ends). */
    private static function cut(\stdClass $flight, string $data): int
    {
        $attempt = $flight->attempt;
        $attempt->body .= substr($data, 0, $flight->bound - strlen($attempt->body));
        if ($flight->success) {
            $attempt->tooLarge = true;
        } else {
            $attempt->truncated = true;
        }
        return 0;
    }

    public function __destruct()
    {
        curl_close($this->handle);
        fclose($this->head);
    }
}
