// The calling thread was interrupted during a call: the request is cancelled, and the thread's
// interrupt status set again for the caller to see.
package local.emaildelivery;

/** The calling thread was interrupted during the call; its interrupt status is set again. */
public final class CallInterruptedException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  CallInterruptedException(String operation, InterruptedException cause) {
    super(operation, operation + ": the calling thread was interrupted; the request was cancelled", cause);
  }
}
