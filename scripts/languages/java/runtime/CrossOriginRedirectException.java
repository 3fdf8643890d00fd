// A redirect to another origin than the base URL's: not followed, so that origin received nothing.
package local.emaildelivery;

/** The service redirected to another origin (scheme, host, port): not followed, your headers were not sent there. */
public final class CrossOriginRedirectException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  private final int statusCode;
  private final String target;

  CrossOriginRedirectException(String operation, int statusCode, String target, String origin) {
    super(operation, operation + ": cross-origin redirect: the service answered " + statusCode + " with a redirect to " + target + ", another origin than " + origin
        + "; it was not followed, so your headers were not sent there", null);
    this.statusCode = statusCode;
    this.target = target;
  }

  /** The redirect's status. */
  public int statusCode() {
    return statusCode;
  }

  /** Where it led, without its query's values, credentials redacted, controls escaped. */
  public String target() {
    return target;
  }
}
