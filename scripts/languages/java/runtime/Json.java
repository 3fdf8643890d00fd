// The SDK's one Jackson ObjectMapper: fields it does not know are kept by the models (any-setter)
// or ignored, trailing text after a JSON value is an error, and java.time's OffsetDateTime and
// LocalDate (the formats date-time and date) are written and read as RFC 3339 text, with no module
// beyond jackson-databind.
package local.emaildelivery;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

final class Json {
  private Json() {}

  static final ObjectMapper MAPPER = mapper();

  private static ObjectMapper mapper() {
    SimpleModule time = new SimpleModule("email-delivery-time");
    time.addSerializer(OffsetDateTime.class, new TextSerializer<>(DateTimeFormatter.ISO_OFFSET_DATE_TIME::format));
    time.addDeserializer(OffsetDateTime.class, new TextDeserializer<>(OffsetDateTime.class, OffsetDateTime::parse));
    time.addSerializer(LocalDate.class, new TextSerializer<>(DateTimeFormatter.ISO_LOCAL_DATE::format));
    time.addDeserializer(LocalDate.class, new TextDeserializer<>(LocalDate.class, LocalDate::parse));
    return new ObjectMapper()
        .registerModule(time)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }

  /** A value as JSON writes it, a string without its quotes: for a parameter's value. */
  static String text(Object value) {
    try {
      String json = MAPPER.writeValueAsString(value);
      return json.length() >= 2 && json.startsWith("\"") ? MAPPER.readTree(json).asText() : json;
    } catch (JsonProcessingException error) {
      return String.valueOf(value);
    }
  }

  private interface Format<T> {
    String format(T value);
  }

  private interface Parse<T> {
    T parse(String text);
  }

  private static final class TextSerializer<T> extends JsonSerializer<T> {
    private final Format<T> format;

    TextSerializer(Format<T> format) {
      this.format = format;
    }

    @Override
    public void serialize(T value, JsonGenerator generator, SerializerProvider provider) throws IOException {
      generator.writeString(format.format(value));
    }
  }

  private static final class TextDeserializer<T> extends JsonDeserializer<T> {
    private final Class<T> type;
    private final Parse<T> parse;

    TextDeserializer(Class<T> type, Parse<T> parse) {
      this.type = type;
      this.parse = parse;
    }

    @Override
    public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
      String text = parser.getValueAsString();
      if (text == null) return context.reportInputMismatch(type, "expected an RFC 3339 string for %s", type.getSimpleName());
      try {
        return parse.parse(text);
      } catch (DateTimeParseException error) {
        return context.reportInputMismatch(type, "not an RFC 3339 %s: %s", type.getSimpleName(), error.getMessage());
      }
    }
  }
}
