// What the errors show of text the client does not control (an answer's body, a redirect's target,
// an argument): every credential the client was given redacted, as given, percent-encoded,
// form-encoded and in base64, then control and invisible characters escaped, bounded in length.
package local.emaildelivery;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

final class Redactor {
  static final String REDACTED = "[redacted]";

  /** The forms of every secret, the longest first. */
  private final List<String> forms;

  /** A redactor of {@code values} (header values) and of the token after a scheme in each ({@code Bearer <token>}). */
  Redactor(Collection<String> values) {
    Set<String> found = new LinkedHashSet<>();
    for (String value : values) {
      if (value == null) continue;
      addForms(found, value);
      String trimmed = value.strip();
      int space = trimmed.indexOf(' ');
      if (space > 0) addForms(found, trimmed.substring(space + 1).strip());
    }
    List<String> sorted = new ArrayList<>(found);
    sorted.removeIf(String::isEmpty);
    sorted.sort((a, b) -> b.length() - a.length());
    this.forms = List.copyOf(sorted);
  }

  private static void addForms(Set<String> found, String value) {
    if (value.isEmpty()) return;
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    String percent = Wire.encode(value);
    found.add(value);
    found.add(percent);
    found.add(lowerHex(percent));
    found.add(URLEncoder.encode(value, StandardCharsets.UTF_8));
    found.add(percent.replace("%20", "+"));
    found.add(Base64.getEncoder().encodeToString(bytes));
    found.add(Base64.getUrlEncoder().encodeToString(bytes));
    found.add(Base64.getEncoder().withoutPadding().encodeToString(bytes));
    found.add(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
  }

  private static String lowerHex(String percent) {
    StringBuilder out = new StringBuilder(percent.length());
    for (int i = 0; i < percent.length(); i++) {
      char c = percent.charAt(i);
      out.append(c);
      if (c == '%' && i + 2 < percent.length()) {
        out.append(percent.substring(i + 1, i + 3).toLowerCase(Locale.ROOT));
        i += 2;
      }
    }
    return out.toString();
  }

  /** A redactor of these values and this one's. */
  Redactor with(Collection<String> values) {
    List<String> all = new ArrayList<>(forms);
    all.addAll(values);
    return new Redactor(all);
  }

  /** {@code text} with every form of every secret as {@code [redacted]}. */
  String apply(String text) {
    if (text == null) return null;
    String out = text;
    for (String form : forms) if (out.contains(form)) out = out.replace(form, REDACTED);
    return out;
  }

  /** {@code text} redacted, escaped and cut to at most {@code limit} characters (the last an ellipsis where it was cut). */
  String excerpt(String text, int limit) {
    String escaped = escape(apply(text));
    if (escaped.codePointCount(0, escaped.length()) <= limit) return escaped;
    return escaped.substring(0, escaped.offsetByCodePoints(0, limit - 1)) + "…";
  }

  /** A value for a message: redacted, escaped, at most 200 characters, in double quotes. */
  String quote(String value) {
    return "\"" + excerpt(value, 200).replace("\"", "\\\"") + "\"";
  }

  /**
   * Control characters, invisible and bidirectional ones, separators and lone surrogates as escapes
   * ({@code \n}, {@code \x1b}, {@code \u202e}), and a backslash as {@code \\}: no text reaches a
   * terminal as a command, or reordered.
   */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      switch (cp) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (cp < 0x20 || cp == 0x7f) out.append(String.format(Locale.ROOT, "\\x%02x", cp));
          else if (invisible(cp)) out.append(cp > 0xffff ? String.format(Locale.ROOT, "\\U%08x", cp) : String.format(Locale.ROOT, "\\u%04x", cp));
          else out.appendCodePoint(cp);
        }
      }
    }
    return out.toString();
  }

  private static boolean invisible(int cp) {
    return switch (Character.getType(cp)) {
      case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.SURROGATE, Character.UNASSIGNED,
          Character.PRIVATE_USE -> true;
      default -> false;
    };
  }
}
