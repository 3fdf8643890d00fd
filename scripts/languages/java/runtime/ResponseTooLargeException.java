// A 2xx answer whose body, as it is decoded, is bigger than the client's bound: the rest is not read.
package local.emaildelivery;

/** The body is bigger than {@code maxResponseBytes}: at once when its Content-Length says so, else at the bound. */
public final class ResponseTooLargeException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  private final long limit;

  ResponseTooLargeException(String operation, long limit) {
    super(operation, operation + ": the response body is bigger than " + limit + " bytes (maxResponseBytes), so the rest was not read; raise maxResponseBytes to read it", null);
    this.limit = limit;
  }

  /** The bound, in bytes. */
  public long limit() {
    return limit;
  }
}
