// A 2xx answer with its status and headers, as client.withResponse()'s methods return it.
package local.emaildelivery;

import java.util.List;
import java.util.Map;

/**
 * A 2xx answer: its status, its headers (names case-insensitive) and its body decoded as the
 * method's plain form returns it (null when the answer has none).
 *
 * @param <T> the decoded body's type
 */
public final class ApiResponse<T> {
  private final int statusCode;
  private final Map<String, List<String>> headers;
  private final T body;

  ApiResponse(int statusCode, Map<String, List<String>> headers, T body) {
    this.statusCode = statusCode;
    this.headers = headers;
    this.body = body;
  }

  /** The answer's status. */
  public int statusCode() {
    return statusCode;
  }

  /** The answer's headers: names case-insensitive, read-only. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The decoded body, or null when the answer has none. */
  public T body() {
    return body;
  }

  /** The status and the headers' names: a body or header value may hold what the service echoes of your request. */
  @Override
  public String toString() {
    return "ApiResponse{statusCode=" + statusCode + ", headers=" + headers.keySet() + "}";
  }
}
