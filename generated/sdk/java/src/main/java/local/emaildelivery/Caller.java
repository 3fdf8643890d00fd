// The one request function every generated method calls: it builds the request, sends it within
// the call's one deadline, follows redirects within the base URL's origin, retries what may be
// retried, reads the body within its bound, and decodes a 2xx body or throws the error of whatever
// else happened. java.net.http's own timeout bounds only the request and the wait for an answer's
// headers: the body, read by a subscriber of the runtime's, is ended at the deadline by a watchdog.
package local.emaildelivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

final class Caller {
  private final String base;
  private final String origin;
  private final Map<String, String[]> headers;
  private final Redactor redactor;
  private final Duration timeout;
  private final long maxResponseBytes;
  private final int maxRetries;
  private final HttpClient http;

  /** How near the deadline a failure of the exchange counts as the deadline's: java.net.http's timer and ours may differ by this. */
  private static final long CLOCK_SLACK = TimeUnit.MILLISECONDS.toNanos(20);

  Caller(String base, String origin, Map<String, String[]> headers, Duration timeout, long maxResponseBytes, int maxRetries) {
    this.base = base;
    this.origin = origin;
    this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    List<String> values = new ArrayList<>();
    for (String[] header : headers.values()) values.add(header[1]);
    this.redactor = new Redactor(values);
    this.timeout = timeout;
    this.maxResponseBytes = maxResponseBytes;
    this.maxRetries = maxRetries;
    // Redirects are the runtime's (within the origin only); HTTP/1.1, as no h2c upgrade is asked of a plain-HTTP service.
    this.http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1).build();
  }

  /** A URL's scheme, host and port, as browsers compare them. */
  static String origin(URI uri) {
    String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
    int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
    return scheme + "://" + String.valueOf(uri.getHost()).toLowerCase(Locale.ROOT) + ":" + port;
  }

  /** The base URL and the headers' names, never their values. */
  String describe() {
    List<String> names = new ArrayList<>();
    for (String[] header : headers.values()) names.add(header[0]);
    return "baseUrl=" + base + ", headers=" + names + ", timeout=" + Wire.seconds(timeout) + ", maxResponseBytes=" + maxResponseBytes + ", maxRetries=" + maxRetries;
  }

  /** One call of {@code op}: its 2xx body decoded as {@code into}. */
  <T> T call(Operation op, String[] path, Map<String, Object> params, Object body, Class<T> into, RequestOptions options) {
    return prepare(op, path, params, body, into, options).body();
  }

  /** One call of {@code op}: its 2xx answer's status, headers and body decoded as {@code into}. */
  <T> ApiResponse<T> exchange(Operation op, String[] path, Map<String, Object> params, Object body, Class<T> into, RequestOptions options) {
    Call<T> call = prepare(op, path, params, body, into, options);
    Raw raw = call.answer();
    return new ApiResponse<>(raw.status(), headerMap(raw.headers(), null), call.decode(raw));
  }

  /** The call of {@code op} with these arguments, checked and its request made, not yet sent. */
  private <T> Call<T> prepare(Operation op, String[] path, Map<String, Object> params, Object body, Class<T> into, RequestOptions options) {
    long started = System.nanoTime();
    Map<String, String[]> sent = new LinkedHashMap<>(headers);
    Redactor redact = redactor;
    Duration bound = timeout;
    if (options != null) {
      sent.putAll(options.headers());
      if (!options.headers().isEmpty()) {
        List<String> values = new ArrayList<>();
        for (String[] header : options.headers().values()) values.add(header[1]);
        redact = redactor.with(values);
      }
      if (options.timeout() != null) bound = options.timeout().isZero() ? null : options.timeout();
    }
    StringBuilder target = new StringBuilder(expandPath(op, path, redact));
    List<String> query = new ArrayList<>();
    List<String> cookies = new ArrayList<>();
    for (Parameter parameter : op.parameters()) {
      Object value = params == null ? null : params.get(parameter.name());
      if (absent(value)) {
        if (parameter.required()) throw new InvalidRequestException(op.id(), "the required " + parameter.in() + " parameter '" + parameter.name() + "' was not given");
        continue;
      }
      switch (parameter.in()) {
        case "query" -> query.addAll(Wire.queryPairs(parameter, value));
        case "header" -> {
          String text = Wire.headerValue(parameter, value);
          if (!Wire.headerSafe(text))
            throw new InvalidRequestException(op.id(), "the value of header parameter '" + parameter.name() + "' holds a control character (a line break, say), which a header cannot carry");
          sent.put(parameter.name().toLowerCase(Locale.ROOT), new String[] {parameter.name(), text});
        }
        case "cookie" -> cookies.add(Wire.cookie(parameter, value));
        default -> throw new InvalidRequestException(op.id(), "parameter '" + parameter.name() + "' is in " + parameter.in() + ", which the SDK does not send");
      }
    }
    for (String pair : query)
      if (!Wire.wellFormed(pair)) throw new InvalidRequestException(op.id(), "a query parameter holds a lone surrogate, which has no encoding");
    if (!query.isEmpty()) target.append('?').append(String.join("&", query));
    if (!cookies.isEmpty()) sent.put("cookie", new String[] {"Cookie", String.join("; ", cookies)});
    // One key for the call, on every attempt, where the caller gave none (as a parameter or a header) or an empty one.
    String key = op.idempotencyKey();
    String[] givenKey = key == null ? null : sent.get(key.toLowerCase(Locale.ROOT));
    if (key != null && (givenKey == null || givenKey[1].isEmpty())) sent.put(key.toLowerCase(Locale.ROOT), new String[] {key, UUID.randomUUID().toString()});
    byte[] payload = null;
    if (!op.body().equals("none")) {
      if (body == null) {
        if (op.body().equals("required")) throw new InvalidRequestException(op.id(), "the request body is required and was null");
      } else
        try {
          payload = Json.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException error) {
          throw new InvalidRequestException(op.id(), "the request body cannot be written as JSON: " + redact.excerpt(error.getOriginalMessage(), 300));
        }
    }
    URI uri;
    try {
      uri = new URI(target.toString());
    } catch (URISyntaxException error) {
      throw new InvalidRequestException(op.id(), "the request's URL is not one: " + redact.excerpt(error.getMessage(), 300));
    }
    return new Call<>(op, sent, redact, bound, started, into, uri, payload);
  }

  private static boolean absent(Object value) {
    return value == null || value instanceof Map<?, ?> map && map.isEmpty() || value instanceof java.util.Collection<?> list && list.isEmpty();
  }

  /** The base URL and the path template with each argument as one percent-encoded segment, or an UnsafePathParameterException. */
  private String expandPath(Operation op, String[] path, Redactor redact) {
    StringBuilder out = new StringBuilder(base);
    String rest = op.path();
    int index = 0;
    for (int open = rest.indexOf('{'); open >= 0; open = rest.indexOf('{')) {
      int close = rest.indexOf('}', open);
      String name = rest.substring(open + 1, close);
      out.append(rest, 0, open);
      String value = path != null && index < path.length ? path[index] : null;
      index++;
      if (value == null || value.isEmpty() || value.equals(".") || value.equals("..") || !Wire.wellFormed(value))
        throw new UnsafePathParameterException(op.id(), name, value == null ? "null" : redact.quote(value));
      out.append(Wire.encode(value));
      rest = rest.substring(close + 1);
    }
    return out.append(rest).toString();
  }

  /** No answer: the connection was refused, reset or closed before the answer ended. */
  private static final class NoAnswer extends Exception {
    private static final long serialVersionUID = 1L;

    NoAnswer(Throwable cause) {
      super(cause);
    }
  }

  /** What one request came to: its status, headers and the body read within the bound. */
  private record Raw(int status, HttpHeaders headers, BoundedBody.Bytes body) {}

  /** One call: its retries, each request's redirects, its deadline. */
  private final class Call<T> {
    private final Operation op;
    private final Map<String, String[]> sent;
    private final Redactor redact;
    private final Duration bound;
    private final long deadline;
    private final Class<T> into;
    private final URI uri;
    private final byte[] payload;

    /** A call begun at {@code started} (System.nanoTime), its body written as JSON already: the deadline counts from its start. */
    Call(Operation op, Map<String, String[]> sent, Redactor redact, Duration bound, long started, Class<T> into, URI uri, byte[] payload) {
      this.op = op;
      this.sent = sent;
      this.redact = redact;
      this.bound = bound;
      this.deadline = bound == null ? Long.MAX_VALUE : started + bound.toNanos();
      this.into = into;
      this.uri = uri;
      this.payload = payload;
    }

    /** The call's 2xx body decoded as {@code into}. */
    T body() {
      return decode(answer());
    }

    /** The call's 2xx answer, after its redirects and retries; any other outcome is thrown. */
    Raw answer() {
      // A POST or PATCH with an idempotency key (always sent: prepare makes one) may be sent again as a GET may.
      int retries = SdkSpec.RETRY_METHODS.contains(op.method()) || op.idempotencyKey() != null ? maxRetries : 0;
      for (int attempt = 1; ; attempt++) {
        Raw raw;
        try {
          raw = follow(uri, payload, attempt);
        } catch (NoAnswer failure) {
          Duration wait = backoff(attempt);
          int tried = attempt;
          if (attempt <= retries && fits(wait)) {
            DebugLog.log(() -> op.method() + " " + op.path() + " attempt " + tried + ": no answer (" + failure.getCause().getClass().getSimpleName() + "); retrying in " + Wire.seconds(wait));
            sleep(wait);
            continue;
          }
          DebugLog.log(() -> op.method() + " " + op.path() + " attempt " + tried + ": no answer (" + failure.getCause().getClass().getSimpleName() + ")");
          throw new ConnectionFailedException(op.id(), op.id() + ": no answer: " + redact.excerpt(String.valueOf(failure.getCause()), SdkSpec.EXCERPT_CHARACTERS), failure.getCause());
        }
        int status = raw.status();
        int tried = attempt;
        if (status >= 200 && status < 300) {
          DebugLog.log(() -> op.method() + " " + op.path() + " attempt " + tried + ": " + status);
          return raw;
        }
        if (attempt <= retries && SdkSpec.RETRY_STATUSES.contains(status)) {
          Duration wait = retryDelay(raw.headers(), attempt);
          if (wait != null && fits(wait)) {
            DebugLog.log(() -> op.method() + " " + op.path() + " attempt " + tried + ": " + status + "; retrying in " + Wire.seconds(wait));
            sleep(wait);
            continue;
          }
        }
        DebugLog.log(() -> op.method() + " " + op.path() + " attempt " + tried + ": " + status);
        throw apiError(raw);
      }
    }

    /** One request and the redirects within the origin it leads to: the answer after them. */
    private Raw follow(URI first, byte[] firstPayload, int attempt) throws NoAnswer {
      URI uri = first;
      String method = op.method();
      byte[] payload = firstPayload;
      for (int redirects = 0; ; redirects++) {
        Raw raw = send(method, uri, payload);
        String location = raw.headers().firstValue("location").orElse(null);
        if (!SdkSpec.REDIRECT_STATUSES.contains(raw.status()) || location == null) return raw;
        URI next;
        try {
          next = uri.resolve(new URI(location.strip()));
        } catch (URISyntaxException | IllegalArgumentException error) {
          return raw;
        }
        if (!origin(next).equals(origin))
          throw new CrossOriginRedirectException(op.id(), raw.status(), redact.excerpt(withoutQueryValues(next), 500), origin);
        if (redirects >= SdkSpec.MAX_REDIRECTS) return raw;
        int status = raw.status();
        DebugLog.log(() -> op.method() + " " + op.path() + " attempt " + attempt + ": " + status + ", a redirect within the origin, followed");
        if (status == 303 && !method.equals("HEAD") || (status == 301 || status == 302) && method.equals("POST")) {
          method = "GET";
          payload = null;
        }
        uri = next;
      }
    }

    /** One request, its answer's body read within the bound, all before the deadline. */
    private Raw send(String method, URI uri, byte[] payload) throws NoAnswer {
      long remaining = remaining();
      if (remaining <= 0) throw new CallTimeoutException(op.id(), bound);
      HttpRequest.Builder request = HttpRequest.newBuilder(uri)
          .method(method, payload == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(payload));
      // java.net.http's own timer bounds the request and the wait for the answer's headers; the watchdog, the body.
      if (remaining != Long.MAX_VALUE) request.timeout(Duration.ofNanos(remaining));
      for (String[] header : sent.values()) request.header(header[0], header[1]);
      if (!sent.containsKey("user-agent")) request.header("User-Agent", SdkSpec.USER_AGENT);
      if (!sent.containsKey("accept")) request.header("Accept", "application/json");
      if (!sent.containsKey("accept-encoding")) request.header("Accept-Encoding", "identity");
      if (payload != null) request.header("Content-Type", "application/json");
      AtomicReference<BoundedBody> reading = new AtomicReference<>();
      HttpResponse.BodyHandler<BoundedBody.Bytes> handler = info -> {
        boolean success = info.statusCode() >= 200 && info.statusCode() < 300;
        long declared = -1;
        try {
          declared = info.headers().firstValueAsLong("content-length").orElse(-1);
        } catch (NumberFormatException error) {
          declared = -1;
        }
        BoundedBody body = new BoundedBody(maxResponseBytes, success, success && maxResponseBytes > 0 && declared > maxResponseBytes);
        reading.set(body);
        if (deadline != Long.MAX_VALUE) body.expireAt(deadline);
        return body;
      };
      // send(), on the calling thread: sendAsync completes its future on another thread (a new one per call where
      // the common pool has one worker, as on two cores), which cost some 250 µs a call.
      try {
        HttpResponse<BoundedBody.Bytes> response = http.send(request.build(), handler);
        return new Raw(response.statusCode(), response.headers(), response.body());
      } catch (InterruptedException error) {
        Thread.currentThread().interrupt();
        throw new CallInterruptedException(op.id(), error);
      } catch (IOException error) {
        if (causedBy(error, BoundedBody.TooLarge.class)) throw new ResponseTooLargeException(op.id(), maxResponseBytes);
        // The timer fires at the deadline, give or take the clocks' resolution.
        if (causedBy(error, HttpTimeoutException.class) || remaining() <= CLOCK_SLACK) throw new CallTimeoutException(op.id(), bound);
        throw new NoAnswer(error);
      } finally {
        BoundedBody body = reading.get();
        if (body != null) body.stopExpiry();
      }
    }

    /** Whether {@code error} or a cause of it is a {@code type}. */
    private boolean causedBy(Throwable error, Class<? extends Throwable> type) {
      for (Throwable cause = error; cause != null; cause = cause.getCause()) if (type.isInstance(cause)) return true;
      return false;
    }

    /** Nanoseconds to the deadline (Long.MAX_VALUE: none). */
    private long remaining() {
      return deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline - System.nanoTime();
    }

    /** Whether a wait of {@code wait} ends before the deadline. */
    private boolean fits(Duration wait) {
      return deadline == Long.MAX_VALUE || wait.toNanos() < remaining();
    }

    private void sleep(Duration wait) {
      try {
        Thread.sleep(wait.toMillis(), (int) (wait.toNanos() % 1_000_000));
      } catch (InterruptedException error) {
        Thread.currentThread().interrupt();
        throw new CallInterruptedException(op.id(), error);
      }
    }

    /** A 2xx body decoded from JSON as {@code into}: null where it is empty. */
    T decode(Raw raw) {
      byte[] data = decoded(raw, true);
      if (blank(data)) return null;
      JsonNode tree;
      try {
        tree = Json.MAPPER.readTree(data);
      } catch (IOException error) {
        throw new ResponseBodyException(op.id(), raw.status(), op.id() + ": the " + raw.status() + " answer's body is not JSON: " + redact.excerpt(utf8(data), 200), null);
      }
      if (into == JsonNode.class) return into.cast(tree);
      if (tree.isNull()) return null;
      if (into == ObjectNode.class) {
        if (tree.isObject()) return into.cast(tree);
        throw new ResponseBodyException(op.id(), raw.status(), op.id() + ": the " + raw.status() + " answer's body is JSON, but not the object the description says it is: " + redact.excerpt(utf8(data), 200), null);
      }
      try {
        return Json.MAPPER.treeToValue(tree, into);
      } catch (JsonProcessingException | IllegalArgumentException error) {
        String why = error instanceof JsonProcessingException json ? json.getOriginalMessage() : error.getMessage();
        throw new ResponseBodyException(op.id(), raw.status(), op.id() + ": the " + raw.status() + " answer's body is JSON, but not of the type the description gives it ("
            + redact.excerpt(why, 200) + "): " + redact.excerpt(utf8(data), 200), null);
      }
    }

    /** The body decoded from its Content-Encoding (gzip, deflate or none) within the bound; another encoding cannot be bounded, and is refused. */
    private byte[] decoded(Raw raw, boolean strict) {
      byte[] data = raw.body().data();
      String encoding = raw.headers().firstValue("content-encoding").orElse("identity").strip().toLowerCase(Locale.ROOT);
      if (encoding.isEmpty() || encoding.equals("identity")) return data;
      try (InputStream in = switch (encoding) {
            case "gzip", "x-gzip" -> new GZIPInputStream(new java.io.ByteArrayInputStream(data));
            case "deflate" -> new InflaterInputStream(new java.io.ByteArrayInputStream(data));
            default -> null;
          }) {
        if (in == null) {
          if (!strict) return new byte[0];
          throw new ResponseBodyException(op.id(), raw.status(), op.id() + ": the " + raw.status() + " answer's body is encoded as " + redact.quote(encoding)
              + ", which the SDK cannot decode within its bound (it asks for none)", null);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
          if (maxResponseBytes > 0 && out.size() + (long) n > maxResponseBytes) {
            if (strict) throw new ResponseTooLargeException(op.id(), maxResponseBytes);
            out.write(chunk, 0, (int) (maxResponseBytes - out.size()));
            return out.toByteArray();
          }
          out.write(chunk, 0, n);
        }
        return out.toByteArray();
      } catch (IOException error) {
        if (!strict) return new byte[0];
        throw new ResponseBodyException(op.id(), raw.status(), op.id() + ": the " + raw.status() + " answer's " + encoding + " body cannot be decoded: " + redact.excerpt(String.valueOf(error.getMessage()), 200), error);
      }
    }

    /** The API error of a non-2xx answer: its kind by status, its headers redacted, its body parsed where it is JSON within the bound. */
    private ApiException apiError(Raw raw) {
      byte[] data = decoded(raw, false);
      String text = new String(data, StandardCharsets.UTF_8);
      JsonNode parsed = null;
      if (!raw.body().truncated() && !text.isBlank())
        try {
          parsed = Json.MAPPER.readTree(data);
        } catch (IOException error) {
          parsed = null;
        }
      String excerpt = redact.excerpt(text, SdkSpec.EXCERPT_CHARACTERS);
      String message = op.id() + ": the service answered " + raw.status() + (excerpt.isEmpty() ? "" : ": " + excerpt)
          + (raw.body().truncated() ? " (the body goes on past " + maxResponseBytes + " bytes, unread)" : "");
      return SdkSpec.apiException(new ApiException.Answer(op.id(), raw.status(), headerMap(raw.headers(), redact), parsed, excerpt, message));
    }

    /** The wait before retry {@code n} (from 1): the answer's Retry-After (seconds or an HTTP date), null over the cap; else the backoff. */
    private Duration retryDelay(HttpHeaders answer, int n) {
      String value = answer.firstValue("retry-after").orElse("").strip();
      if (value.isEmpty()) return backoff(n);
      Duration delay;
      if (value.matches("[0-9]{1,18}")) delay = Duration.ofSeconds(Long.parseLong(value));
      else
        try {
          delay = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME));
          if (delay.isNegative()) delay = Duration.ZERO;
        } catch (DateTimeParseException error) {
          return backoff(n);
        }
      return delay.compareTo(SdkSpec.RETRY_AFTER_CAP) <= 0 ? delay : null;
    }
  }

  private static String utf8(byte[] data) {
    return new String(data, StandardCharsets.UTF_8);
  }

  /** Whether {@code data} is empty or only whitespace, as String.isBlank says, without making an ASCII body a String. */
  private static boolean blank(byte[] data) {
    for (byte b : data) {
      if (b < 0) return utf8(data).isBlank();
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != 0x0b && b != 0x0c && (b < 0x1c || b > 0x1f)) return false;
    }
    return true;
  }

  /** The backoff before retry {@code n} (from 1): the initial wait doubled each retry, at most the maximum, less up to the jitter. */
  static Duration backoff(int n) {
    long initial = SdkSpec.INITIAL_BACKOFF.toNanos();
    long delay = Math.min(initial << Math.min(n - 1, 20), SdkSpec.MAX_BACKOFF.toNanos());
    return Duration.ofNanos(delay - (long) (ThreadLocalRandom.current().nextDouble() * SdkSpec.JITTER * delay));
  }

  /** A URL without its user, fragment and its query's values ({@code name=…} kept). */
  static String withoutQueryValues(URI uri) {
    StringBuilder out = new StringBuilder();
    out.append(uri.getScheme()).append("://").append(uri.getHost());
    if (uri.getPort() != -1) out.append(':').append(uri.getPort());
    out.append(uri.getRawPath() == null ? "" : uri.getRawPath());
    if (uri.getRawQuery() != null) {
      List<String> pairs = new ArrayList<>();
      for (String pair : uri.getRawQuery().split("&", -1)) {
        int equals = pair.indexOf('=');
        pairs.add(equals >= 0 ? pair.substring(0, equals) + "=…" : pair);
      }
      out.append('?').append(String.join("&", pairs));
    }
    return out.toString();
  }

  /** An answer's headers as a case-insensitive, read-only map; with {@code redact}, each value's credentials redacted. */
  static Map<String, List<String>> headerMap(HttpHeaders answer, Redactor redact) {
    Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (Map.Entry<String, List<String>> entry : answer.map().entrySet()) {
      if (entry.getKey().startsWith(":")) continue;
      List<String> values = new ArrayList<>();
      for (String value : entry.getValue()) values.add(redact == null ? value : redact.apply(value));
      map.put(entry.getKey(), List.copyOf(values));
    }
    return Collections.unmodifiableMap(map);
  }
}
