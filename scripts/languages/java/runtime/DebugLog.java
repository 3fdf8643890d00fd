// The debug log of each attempt: method, path template, status or failure, attempt, wait; never a
// header value or a body. On where EMAIL_DELIVERY_LOG=debug (to stderr) or where the
// System.Logger "email_delivery_api" logs DEBUG.
package local.emaildelivery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.function.Supplier;

final class DebugLog {
  private DebugLog() {}

  static final String NAME = "email_delivery_api";
  private static final Logger LOGGER = System.getLogger(NAME);
  private static final boolean STDERR = "debug".equals(String.valueOf(System.getenv(SdkSpec.LOG_VARIABLE)).trim().toLowerCase(Locale.ROOT));

  static void log(Supplier<String> line) {
    boolean logger = LOGGER.isLoggable(Level.DEBUG);
    if (!STDERR && !logger) return;
    String text = Redactor.escape(line.get());
    if (STDERR) System.err.println(NAME + ": " + text);
    if (logger) LOGGER.log(Level.DEBUG, text);
  }
}
