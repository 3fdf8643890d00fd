// A 2xx answer whose body is not JSON, not of the type the description (or an overlay) gives it,
// or in a content encoding the SDK cannot decode within its bound.
package local.emaildelivery;

/** A 2xx body that is not JSON, or not what the description or an overlay types it as. */
public final class ResponseBodyException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  private final int statusCode;

  ResponseBodyException(String operation, int statusCode, String message, Throwable cause) {
    super(operation, message, cause);
    this.statusCode = statusCode;
  }

  /** The answer's status. */
  public int statusCode() {
    return statusCode;
  }
}
