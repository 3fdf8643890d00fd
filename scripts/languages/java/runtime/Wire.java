// What a call sends: each path argument as one percent-encoded segment, and the query, header and
// cookie parameters as their style and explode say (OpenAPI 3.1: query form, spaceDelimited and
// pipeDelimited, header simple, cookie form), the names and values of the query and the cookies
// percent-encoded as RFC 3986's unreserved characters alone are kept.
package local.emaildelivery;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

final class Wire {
  private Wire() {}

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /** Every byte of the UTF-8 of {@code text} percent-encoded but RFC 3986's unreserved characters ({@code A-Z a-z 0-9 - . _ ~}). */
  static String encode(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder(bytes.length);
    for (byte b : bytes) {
      int c = b & 0xff;
      if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~') out.append((char) c);
      else out.append('%').append(HEX[c >> 4]).append(HEX[c & 15]);
    }
    return out.toString();
  }

  /** Whether {@code text} is well-formed Unicode: no lone surrogate, which UTF-8 cannot carry. */
  static boolean wellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) i++;
      else if (Character.isSurrogate(c)) return false;
    }
    return true;
  }

  /** A duration as seconds for a message: {@code 0.5 s}, {@code 60 s}. */
  static String seconds(Duration duration) {
    if (duration == null) return "no bound";
    double seconds = duration.toNanos() / 1e9;
    return (seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds)) + " s";
  }

  /** The text of a parameter's primitive value, as JSON writes it; null for what is none. */
  static String primitive(Object value) {
    if (value == null) return null;
    if (value instanceof String || value instanceof Boolean || value instanceof Long || value instanceof Integer) return value.toString();
    if (value instanceof Double d) return d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15 ? String.valueOf(d.longValue()) : d.toString();
    if (value instanceof Number || value instanceof Enum<?> || value instanceof java.time.temporal.TemporalAccessor) return Json.text(value);
    return value.toString();
  }

  /** The items of a parameter's value (a primitive, or a list of them); empty where it is none. */
  static List<String> items(Object value) {
    List<String> items = new ArrayList<>();
    if (value instanceof Iterable<?> list) {
      for (Object item : list) {
        String text = primitive(item);
        if (text != null) items.add(text);
      }
    } else if (value != null && !(value instanceof Map<?, ?>)) items.add(primitive(value));
    return items;
  }

  /** The name/value pairs of an object parameter (a map), in its order; null where the value is not a map. */
  static List<String[]> pairs(Object value) {
    if (!(value instanceof Map<?, ?> map)) return null;
    List<String[]> pairs = new ArrayList<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      String text = primitive(entry.getValue());
      if (entry.getKey() != null && text != null) pairs.add(new String[] {entry.getKey().toString(), text});
    }
    return pairs;
  }

  /**
   * The name=value pairs of one query parameter: a primitive as name=v; an array repeating the name
   * when exploded, else its items joined ({@code ,}, {@code %20} for spaceDelimited, {@code %7C} for
   * pipeDelimited); an object's entries each as k=v when exploded (open pairs), else name=k,v,j,w.
   */
  static List<String> queryPairs(Parameter parameter, Object value) {
    List<String> out = new ArrayList<>();
    String name = encode(parameter.name());
    List<String[]> pairs = pairs(value);
    if (pairs != null) {
      if (parameter.explode()) for (String[] pair : pairs) out.add(encode(pair[0]) + "=" + encode(pair[1]));
      else if (!pairs.isEmpty()) {
        List<String> flat = new ArrayList<>();
        for (String[] pair : pairs) {
          flat.add(encode(pair[0]));
          flat.add(encode(pair[1]));
        }
        out.add(name + "=" + String.join(",", flat));
      }
      return out;
    }
    List<String> items = items(value);
    if (items.isEmpty()) return out;
    if (parameter.explode()) {
      for (String item : items) out.add(name + "=" + encode(item));
      return out;
    }
    String delimiter = switch (parameter.style()) {
      case "spaceDelimited" -> "%20";
      case "pipeDelimited" -> "%7C";
      default -> ",";
    };
    List<String> encoded = new ArrayList<>();
    for (String item : items) encoded.add(encode(item));
    out.add(name + "=" + String.join(delimiter, encoded));
    return out;
  }

  /** One header parameter, style simple: items joined by {@code ,}, an object as k,v,j,w (k=v,j=w exploded); not percent-encoded. */
  static String headerValue(Parameter parameter, Object value) {
    List<String[]> pairs = pairs(value);
    if (pairs == null) return String.join(",", items(value));
    List<String> parts = new ArrayList<>();
    for (String[] pair : pairs) {
      if (parameter.explode()) parts.add(pair[0] + "=" + pair[1]);
      else {
        parts.add(pair[0]);
        parts.add(pair[1]);
      }
    }
    return String.join(",", parts);
  }

  /** One cookie parameter, style form: name=v, items joined by {@code ,}, all percent-encoded. */
  static String cookie(Parameter parameter, Object value) {
    List<String> encoded = new ArrayList<>();
    List<String[]> pairs = pairs(value);
    if (pairs != null)
      for (String[] pair : pairs) {
        encoded.add(encode(pair[0]));
        encoded.add(encode(pair[1]));
      }
    else for (String item : items(value)) encoded.add(encode(item));
    return encode(parameter.name()) + "=" + String.join(",", encoded);
  }

  /** Whether {@code value} holds no control character but a tab: what a header can carry. */
  static boolean headerSafe(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if ((c < ' ' && c != '\t') || c == 0x7f) return false;
    }
    return true;
  }

  /** Whether {@code name} is an RFC 9110 token. */
  static boolean token(String name) {
    if (name == null || name.isEmpty()) return false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0)) return false;
    }
    return true;
  }
}
