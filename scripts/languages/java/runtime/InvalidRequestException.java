// A call refused before anything was sent, for another reason than its path: a required body or
// parameter missing, a body that cannot be written as JSON, a value a header cannot carry.
package local.emaildelivery;

/** The call was refused before anything was sent: a required body or parameter missing, a body that is not JSON, a header value with a line break. */
public final class InvalidRequestException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  InvalidRequestException(String operation, String message) {
    super(operation, operation + ": " + message + "; no request was sent", null);
  }
}
