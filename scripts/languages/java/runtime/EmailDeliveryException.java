// The base of every error a call throws: unchecked, with the operationId of the call. Each text is
// made when the error is, the client's credentials redacted and control characters escaped, so
// that printing an error never leaks a credential or writes to a terminal.
package local.emaildelivery;

/** What a call of the SDK throws: one subclass per outcome; decide by the class, never by the text. */
public class EmailDeliveryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The operationId of the call. */
  private final String operation;

  EmailDeliveryException(String operation, String message, Throwable cause) {
    super(message, cause);
    this.operation = operation;
  }

  /** The operationId of the call that failed ({@code getIntegration}). */
  public String operation() {
    return operation;
  }
}
