// The settings of a client, checked when it is built: the base URL, the headers and credentials
// sent with every request, and the bounds of each call. EmailDeliveryClient.Builder is this class
// with the client's own build().
package local.emaildelivery;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The settings every client takes: {@code baseUrl} (required), {@code header}, {@code credential},
 * {@code timeout}, {@code maxResponseBytes}, {@code maxRetries}. A setting that cannot be is refused
 * with an {@link IllegalArgumentException} naming it, never showing a header's value.
 *
 * @param <B> the builder itself
 */
public abstract class ClientBuilder<B extends ClientBuilder<B>> {
  /** Headers java.net.http sets itself and refuses from a caller. */
  private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

  private String baseUrl;
  private final Map<String, String[]> headers = new LinkedHashMap<>();
  private final Map<String, String> credentials = new LinkedHashMap<>();
  private Duration timeout = SdkSpec.DEFAULT_TIMEOUT;
  private long maxResponseBytes = SdkSpec.DEFAULT_MAX_RESPONSE_BYTES;
  private int maxRetries = SdkSpec.DEFAULT_MAX_RETRIES;

  ClientBuilder() {}

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /** The service's URL, http or https, with any path prefix its paths follow; no credentials, query or fragment. */
  public B baseUrl(String baseUrl) {
    this.baseUrl = baseUrl;
    return self();
  }

  /** A header sent with every request, such as your credentials. It goes only to the base URL's origin, and its value appears in no error text and not in the printed client. */
  public B header(String name, String value) {
    checkHeader("header", name, value);
    headers.put(name.toLowerCase(Locale.ROOT), new String[] {name, value});
    return self();
  }

  /**
   * The credential of a security scheme an overlay declares, by the scheme's name: sent in the
   * scheme's header ({@code Authorization: Bearer <value>} for a bearer scheme). A scheme not given
   * one is read from the environment variable {@code EMAIL_DELIVERY_<SCHEME>}, where set.
   */
  public B credential(String scheme, String value) {
    if (SdkSpec.SCHEMES.stream().noneMatch(s -> s.name().equals(scheme))) {
      List<String> names = new ArrayList<>();
      for (SdkSpec.Scheme s : SdkSpec.SCHEMES) names.add(s.name());
      throw new IllegalArgumentException("credential(" + new Redactor(List.of()).quote(String.valueOf(scheme)) + ", ...): the description declares no such security scheme"
          + (names.isEmpty() ? " (it declares none: send your credentials with header(name, value))" : "; it declares " + String.join(", ", names)));
    }
    checkHeader("credential", scheme, value);
    credentials.put(scheme, value);
    return self();
  }

  /** The most a whole call may take: connecting, redirects, every retry and its wait, the body read to its end (default 60 s). {@link Duration#ZERO}: no bound. */
  public B timeout(Duration timeout) {
    if (timeout == null || timeout.isNegative()) throw new IllegalArgumentException("timeout: give a duration of zero (no bound) or more");
    this.timeout = timeout;
    return self();
  }

  /** The most bytes of an answer's body read, as it is decoded (default 64 MiB); 0: no bound. */
  public B maxResponseBytes(long maxResponseBytes) {
    if (maxResponseBytes < 0) throw new IllegalArgumentException("maxResponseBytes(" + maxResponseBytes + "): a bound cannot be negative (0 means no bound)");
    this.maxResponseBytes = maxResponseBytes;
    return self();
  }

  /** How many times a GET, PUT or DELETE (or a POST or PATCH with the idempotency key an overlay declares) is sent again after a connection failure or a 429, 502, 503 or 504 (default 2); 0: never. */
  public B maxRetries(int maxRetries) {
    if (maxRetries < 0) throw new IllegalArgumentException("maxRetries(" + maxRetries + "): retries cannot be negative");
    this.maxRetries = maxRetries;
    return self();
  }

  /** A header's name and value, or an IllegalArgumentException naming the header (never its value). */
  static void checkHeader(String what, String name, String value) {
    if (!Wire.token(name))
      throw new IllegalArgumentException(what + "(" + new Redactor(List.of()).quote(String.valueOf(name)) + ", ...): the name is not an HTTP header name (a token: letters, digits and !#$%&'*+-.^_`|~)");
    if (RESTRICTED.contains(name.toLowerCase(Locale.ROOT)))
      throw new IllegalArgumentException(what + "(\"" + name + "\", ...): the HTTP client sets this header itself");
    if (value == null || !Wire.headerSafe(value))
      throw new IllegalArgumentException(what + "(\"" + name + "\", ...): the value is null or holds a control character (a line break, say), which a header cannot carry");
  }

  /** The checked settings, as the runtime's caller. */
  final Caller caller() {
    if (baseUrl == null) throw new IllegalArgumentException("baseUrl: give the service's URL (http or https)");
    Redactor plain = new Redactor(List.of());
    URI base;
    try {
      base = new URI(baseUrl);
    } catch (URISyntaxException error) {
      throw new IllegalArgumentException("baseUrl " + plain.quote(baseUrl) + " is not a URL");
    }
    String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || base.getHost() == null)
      throw new IllegalArgumentException("baseUrl " + plain.quote(baseUrl) + " is not an http or https URL with a host");
    if (base.getRawUserInfo() != null)
      throw new IllegalArgumentException("baseUrl holds credentials (user:password@): send them with header(name, value), which keeps them out of error texts");
    if (base.getRawQuery() != null || base.getRawFragment() != null)
      throw new IllegalArgumentException("baseUrl " + plain.quote(scheme + "://" + base.getRawAuthority() + base.getRawPath()) + " has a query or a fragment: give the service's URL only");
    Map<String, String[]> all = new LinkedHashMap<>(headers);
    for (SdkSpec.Scheme s : SdkSpec.SCHEMES) {
      String value = credentials.containsKey(s.name()) ? credentials.get(s.name()) : System.getenv(s.variable());
      if (value == null || value.isEmpty()) continue;
      String sent = s.bearer() ? "Bearer " + value : value;
      if (!Wire.headerSafe(sent)) throw new IllegalArgumentException(s.variable() + ": the value holds a control character (a line break, say), which a header cannot carry");
      all.put(s.header().toLowerCase(Locale.ROOT), new String[] {s.header(), sent});
    }
    String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
    String root = scheme + "://" + base.getRawAuthority() + path;
    return new Caller(root, Caller.origin(base), all, timeout.isZero() ? null : timeout, maxResponseBytes, maxRetries);
  }
}
