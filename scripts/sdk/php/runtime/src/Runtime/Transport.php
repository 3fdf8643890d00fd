<?php

// One request over ext-curl, within what is left of the call's deadline (CURLOPT_TIMEOUT_MS bounds
// connecting, sending and the whole body read, so a body dripped a byte at a time ends there).
// Redirects are not followed here (the caller decides, within the origin); only http and https;
// no proxy from the environment; the body counted as it is decoded (Accept-Encoding: identity,
// and anything a service compresses anyway counted after libcurl decodes it) and cut at its bound.

declare(strict_types=1);

namespace EmailDelivery\Runtime;

/** @internal */
final class Transport
{
    /** What an error keeps of a non-2xx body (its excerpt and parsed body come from it). */
    public const ERROR_BODY_BYTES = 65536;

    private readonly \CurlHandle $handle;
    /**
     * The request in flight (its attempt, its bound, whether its headers ended), which the
     * callbacks fill: they hold this, not the transport, so that no cycle keeps a client's
     * connections open past its last use.
     */
    private readonly \stdClass $flight;

    public function __construct()
    {
        $this->handle = curl_init();
        $flight = $this->flight = (object) ['attempt' => new Attempt(), 'limit' => null, 'ended' => false];
        // What every request has, set once: the callbacks, the protocols, no redirects, no proxy.
        curl_setopt_array($this->handle, [
            CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_REDIR_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROXY => '',
            CURLOPT_NOSIGNAL => true,
            CURLOPT_ENCODING => 'identity',
            CURLOPT_HEADERFUNCTION => static fn (\CurlHandle $handle, string $line): int => self::header($flight, $line),
            CURLOPT_WRITEFUNCTION => static fn (\CurlHandle $handle, string $data): int => self::write($flight, $data),
        ]);
    }

    /**
     * Sends one request and reads its answer.
     *
     * @param list<string> $headerLines `Name: value`
     * @param ?float $seconds what is left of the deadline (null: none)
     * @param ?int $limit the most bytes of a 2xx body read (null: no bound)
     */
    public function send(string $method, string $url, array $headerLines, ?string $payload, ?float $seconds, ?int $limit): Attempt
    {
        $attempt = $this->flight->attempt = new Attempt();
        $this->flight->limit = $limit;
        $this->flight->ended = false;
        $milliseconds = $seconds === null ? 0 : max(1, (int) ceil($seconds * 1000));
        $options = [
            CURLOPT_URL => $url,
            CURLOPT_HTTPHEADER => $headerLines,
            CURLOPT_TIMEOUT_MS => $milliseconds,
            CURLOPT_CONNECTTIMEOUT_MS => $milliseconds,
            CURLOPT_NOBODY => $method === 'HEAD',
        ];
        // Every option of the method set each time: one request's never carries over to the next.
        if ($payload === null && !in_array($method, ['POST', 'PUT', 'PATCH'], true)) {
            $options[CURLOPT_HTTPGET] = true;
            $options[CURLOPT_CUSTOMREQUEST] = $method === 'GET' || $method === 'HEAD' ? null : $method;
        } else {
            // A POST without a body says so (Content-Length: 0), with no form type of libcurl's.
            $options[CURLOPT_POSTFIELDS] = $payload ?? '';
            $options[CURLOPT_CUSTOMREQUEST] = $method;
        }
        curl_setopt_array($this->handle, $options);
        curl_exec($this->handle);
        $attempt->curlErrno = curl_errno($this->handle);
        $attempt->curlError = curl_error($this->handle);
        if ($attempt->curlErrno === CURLE_WRITE_ERROR && ($attempt->tooLarge || $attempt->truncated)) {
            // Cut by the bound, on purpose; the connection is not kept.
            $attempt->curlErrno = $attempt->tooLarge ? CURLE_WRITE_ERROR : 0;
        }
        return $attempt;
    }

    /** libcurl's header callback: the status line starts an answer (a 100 Continue's, then the real one), then its headers. */
    private static function header(\stdClass $flight, string $line): int
    {
        $attempt = $flight->attempt;
        if (str_starts_with($line, 'HTTP/')) {
            $attempt->status = (int) (explode(' ', $line, 3)[1] ?? 0);
            $attempt->headers = [];
            $flight->ended = false;
        } elseif ($line === "\r\n" || $line === "\n") {
            $flight->ended = true;
            $limit = $flight->limit;
            if ($limit !== null && $attempt->status >= 200 && $attempt->status < 300) {
                // A declared length over the bound is not read at all (an encoded body is counted as it is decoded).
                $length = trim((string) $attempt->header('content-length'));
                $encoding = strtolower(trim((string) $attempt->header('content-encoding')));
                if (($encoding === '' || $encoding === 'identity') && preg_match('/^[0-9]+$/', $length) === 1 && (float) $length > $limit) {
                    $attempt->tooLarge = true;
                    return 0;
                }
            }
        } elseif (!$flight->ended && ($colon = strpos($line, ':')) !== false) {
            $attempt->headers[] = [strtolower(trim(substr($line, 0, $colon))), trim(substr($line, $colon + 1))];
        }
        return strlen($line);
    }

    /** libcurl's body callback: the body kept within its bound; past it, the transfer ends. */
    private static function write(\stdClass $flight, string $data): int
    {
        $attempt = $flight->attempt;
        $success = $attempt->status >= 200 && $attempt->status < 300;
        $bound = $success ? $flight->limit : ($flight->limit === null ? self::ERROR_BODY_BYTES : min($flight->limit, self::ERROR_BODY_BYTES));
        if ($bound !== null && strlen($attempt->body) + strlen($data) > $bound) {
            $attempt->body .= substr($data, 0, $bound - strlen($attempt->body));
            if ($success) {
                $attempt->tooLarge = true;
            } else {
                $attempt->truncated = true;
            }
            return 0;
        }
        $attempt->body .= $data;
        return strlen($data);
    }

    public function __destruct()
    {
        curl_close($this->handle);
    }
}
