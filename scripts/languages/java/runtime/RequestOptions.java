// The options of one call, over the client's: its own timeout, and headers for that call only.
package local.emaildelivery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The options of one call: {@code RequestOptions.builder().timeout(Duration.ofSeconds(5)).header("X-Trace", "t1").build()},
 * given as the last argument of any method. Its timeout bounds this call instead of the client's;
 * its headers go with this call, over the client's of the same name.
 */
public final class RequestOptions {
  private final Duration timeout;
  private final Map<String, String[]> headers;

  private RequestOptions(Builder builder) {
    this.timeout = builder.timeout;
    this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(builder.headers));
  }

  /** A builder of a call's options. */
  public static Builder builder() {
    return new Builder();
  }

  /** The call's own timeout, or null for the client's. */
  public Duration timeout() {
    return timeout;
  }

  /** The call's headers by lower-case name: each the name as given and its value. */
  Map<String, String[]> headers() {
    return headers;
  }

  /** Its timeout and its headers' names, never their values. */
  @Override
  public String toString() {
    ArrayList<String> names = new ArrayList<>();
    for (String[] header : headers.values()) names.add(header[0]);
    return "RequestOptions{timeout=" + (timeout == null ? "the client's" : Wire.seconds(timeout)) + ", headers=" + names + "}";
  }

  /** Builds {@link RequestOptions}. */
  public static final class Builder {
    private Duration timeout;
    private final Map<String, String[]> headers = new LinkedHashMap<>();

    private Builder() {}

    /** This call's timeout, instead of the client's: the whole call, retries, redirects and the body read included. {@link Duration#ZERO}: no bound. */
    public Builder timeout(Duration timeout) {
      if (timeout == null || timeout.isNegative()) throw new IllegalArgumentException("RequestOptions.timeout: give a duration of zero (no bound) or more");
      this.timeout = timeout;
      return this;
    }

    /** A header of this call only, over the client's of the same name. Its value appears in no error text. */
    public Builder header(String name, String value) {
      ClientBuilder.checkHeader("RequestOptions.header", name, value);
      headers.put(name.toLowerCase(Locale.ROOT), new String[] {name, value});
      return this;
    }

    /** The options. */
    public RequestOptions build() {
      return new RequestOptions(this);
    }
  }
}
