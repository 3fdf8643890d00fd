// A call that did not end within its timeout: connecting, redirects, retries and their waits, and
// the body read to its end. Not java.util.concurrent.TimeoutException, which is checked.
package local.emaildelivery;

import java.time.Duration;

/** The call did not end within its timeout (the client's {@code timeout}, or the call's own). */
public final class CallTimeoutException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  private final Duration timeout;

  CallTimeoutException(String operation, Duration timeout) {
    super(operation, operation + ": timeout: no complete answer within " + Wire.seconds(timeout) + " (timeout); give the call more time with the timeout option", null);
    this.timeout = timeout;
  }

  /** The timeout that passed. */
  public Duration timeout() {
    return timeout;
  }
}
