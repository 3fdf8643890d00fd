// A request that got no HTTP answer: refused, reset, or closed before its answer ended (after any retries).
package local.emaildelivery;

/** The service could not be reached, or closed the connection before its answer ended (after any retries). */
public final class ConnectionFailedException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  ConnectionFailedException(String operation, String message, Throwable cause) {
    super(operation, message, cause);
  }
}
