// A non-2xx answer, after any retries: its status, its headers (case-insensitive, values that echo
// a credential redacted) and its body parsed when it is JSON within the bound. The kinds by status
// (NotFoundException and the others) are this class's subclasses, written from the runtime spec.
package local.emaildelivery;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/** The service answered a status other than 2xx (after any retries); a subclass names its kind by the status. */
public class ApiException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  private final int statusCode;
  private final transient Map<String, List<String>> headers;
  private final transient JsonNode body;
  private final String excerpt;

  ApiException(Answer answer) {
    super(answer.operation(), answer.message(), null);
    this.statusCode = answer.statusCode();
    this.headers = answer.headers();
    this.body = answer.body();
    this.excerpt = answer.excerpt();
  }

  /** The answer's HTTP status. */
  public int statusCode() {
    return statusCode;
  }

  /** The answer's headers: names case-insensitive, read-only; a value that echoes a credential of yours has it as {@code [redacted]}. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The answer's body parsed, when it is JSON within the bound; else null. It is as the service sent it: print {@link #excerpt()}, not it. */
  public JsonNode body() {
    return body;
  }

  /** The start of the body as text: at most 1,000 characters, credentials redacted, controls escaped. */
  public String excerpt() {
    return excerpt;
  }

  /** What an ApiException is made of: the runtime fills it in, the kind's class is chosen by the status. */
  record Answer(String operation, int statusCode, Map<String, List<String>> headers, JsonNode body, String excerpt, String message) {}
}
