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

    private ?\CurlHandle $handle = null;

    /**
     * Sends one request and reads its answer.
     *
     * @param list<string> $headerLines `Name: value`
     * @param ?float $seconds what is left of the deadline (null: none)
     * @param ?int $limit the most bytes of a 2xx body read (null: no bound)
     */
    public function send(string $method, string $url, array $headerLines, ?string $payload, ?float $seconds, ?int $limit): Attempt
    {
        if ($this->handle === null) {
            $this->handle = curl_init();
        } else {
            // The options go; the connections kept for reuse stay.
            curl_reset($this->handle);
        }
        $attempt = new Attempt();
        $errorLimit = $limit === null ? self::ERROR_BODY_BYTES : min($limit, self::ERROR_BODY_BYTES);
        $ended = false;
        $options = [
            CURLOPT_URL => $url,
            CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_REDIR_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROXY => '',
            CURLOPT_NOSIGNAL => true,
            CURLOPT_ENCODING => 'identity',
            CURLOPT_HTTPHEADER => $headerLines,
            CURLOPT_HEADERFUNCTION => static function (\CurlHandle $handle, string $line) use ($attempt, $limit, &$ended): int {
                if (str_starts_with($line, 'HTTP/')) {
                    // A new answer (after a 100 Continue): its own status and headers.
                    $attempt->status = (int) (explode(' ', $line, 3)[1] ?? 0);
                    $attempt->headers = [];
                    $ended = false;
                } elseif ($line === "\r\n" || $line === "\n") {
                    $ended = true;
                    $length = $attempt->header('content-length');
                    $encoding = strtolower(trim((string) $attempt->header('content-encoding')));
                    if ($limit !== null && $attempt->status >= 200 && $attempt->status < 300 && ($encoding === '' || $encoding === 'identity')
                        && $length !== null && preg_match('/^[0-9]+$/', trim($length)) === 1 && (float) trim($length) > $limit) {
                        $attempt->tooLarge = true;
                        return 0;
                    }
                } elseif (!$ended && ($colon = strpos($line, ':')) !== false) {
                    $attempt->headers[] = [strtolower(trim(substr($line, 0, $colon))), trim(substr($line, $colon + 1))];
                }
                return strlen($line);
            },
            CURLOPT_WRITEFUNCTION => static function (\CurlHandle $handle, string $data) use ($attempt, $limit, $errorLimit): int {
                $success = $attempt->status >= 200 && $attempt->status < 300;
                $bound = $success ? $limit : $errorLimit;
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
            },
        ];
        if ($seconds !== null) {
            $milliseconds = max(1, (int) ceil($seconds * 1000));
            $options[CURLOPT_TIMEOUT_MS] = $milliseconds;
            $options[CURLOPT_CONNECTTIMEOUT_MS] = $milliseconds;
        }
        if ($method === 'GET' && $payload === null) {
            $options[CURLOPT_HTTPGET] = true;
        } elseif ($method === 'HEAD') {
            $options[CURLOPT_NOBODY] = true;
        } else {
            $options[CURLOPT_CUSTOMREQUEST] = $method;
            if ($payload !== null || in_array($method, ['POST', 'PUT', 'PATCH'], true)) {
                // A POST without a body says so (Content-Length: 0), with no form type of libcurl's.
                $options[CURLOPT_POSTFIELDS] = $payload ?? '';
            }
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

    public function __destruct()
    {
        if ($this->handle !== null) {
            curl_close($this->handle);
        }
    }
}
