// A path argument that cannot be one URL segment: null, empty, "." or ".." (which would address
// another resource), or not well-formed Unicode. Nothing was sent.
package local.emaildelivery;

/** A path argument that is null, empty, {@code .} or {@code ..}, or holds a lone surrogate: refused before anything is sent. */
public final class UnsafePathParameterException extends EmailDeliveryException {
  private static final long serialVersionUID = 1L;

  private final String parameter;

  UnsafePathParameterException(String operation, String parameter, String shown) {
    super(operation, operation + ": unsafe path parameter '" + parameter + "': " + shown
        + " cannot be sent as one path segment (an empty, \".\" or \"..\" segment would address another resource, and a lone surrogate has no encoding); no request was sent", null);
    this.parameter = parameter;
  }

  /** The path parameter's name in the description ({@code id}). */
  public String parameter() {
    return parameter;
  }
}
