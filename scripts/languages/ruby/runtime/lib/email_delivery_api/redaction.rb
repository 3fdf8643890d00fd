# frozen_string_literal: true

require 'uri'

# What the errors show of text the client does not control (a body, a header, a redirect's target):
# every credential the client was given replaced by "[redacted]", in every form a service may echo
# it, then every character that could move a terminal written as an escape, and bounded in length.
module EmailDeliveryApi
  # Replaces the values the client was given (its header values, and the token after a scheme such
  # as "Bearer <token>"), as given, percent-encoded, form-encoded and in base64, by "[redacted]".
  # Its printed form holds none of them.
  class Redactor
    REDACTED = '[redacted]'

    # The forms a service may echo +value+ in.
    def self.forms(value)
      base64 = [value].pack('m0')
      urlsafe = base64.tr('+/', '-_')
      strict = Wire.encode_strict(value)
      [
        value, strict, strict.gsub(/%[0-9A-F]{2}/, &:downcase),
        URI.encode_www_form_component(value), strict.gsub('%20', '+'),
        strict.gsub(/%(21|27|28|29|2A)/) { Regexp.last_match(1).hex.chr },
        strict.gsub('%2F', '/'),
        base64, urlsafe, base64.delete('='), urlsafe.delete('=')
      ]
    end

    attr_reader :longest

    def initialize(values)
      secrets = values.flat_map do |given|
        token = given.strip.partition(' ')[2].strip
        [given, token].reject(&:empty?).flat_map { |value| Redactor.forms(value) }
      end
      # The longest first: a form that holds another is replaced whole.
      @secrets = secrets.reject(&:empty?).uniq.sort_by { |secret| -secret.length }.freeze
      @pattern = @secrets.empty? ? nil : Regexp.union(@secrets)
      @longest = @secrets.map(&:length).max || 0
    end

    # +text+ (UTF-8) with every form of every value replaced.
    def redact(text)
      @pattern ? text.gsub(@pattern, REDACTED) : text
    end

    # A parsed JSON value with every string in it (keys too) redacted.
    def redact_json(value)
      case value
      when String then redact(value)
      when Array then value.map { |item| redact_json(item) }
      when Hash then value.to_h { |key, item| [redact(key), redact_json(item)] }
      else value
      end
    end

    def inspect
      "#<#{self.class.name} (#{@secrets.size} forms)>"
    end

    def pretty_print(printer)
      printer.text(inspect)
    end
  end

  # Text for a message: escaped, bounded.
  module Text
    # What does not print, or moves a terminal: controls (C0, C1, DEL), format characters (the
    # bidirectional overrides among them), separators other than the space, surrogates, private use
    # and unassigned code points; and the backslash, so that an escape is never ambiguous.
    UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\\]|[\p{Zs}&&[^ ]]/
    NAMED = { "\n" => '\n', "\r" => '\r', "\t" => '\t', '\\' => '\\\\' }.freeze

    module_function

    # +bytes+ as UTF-8 text, what is not UTF-8 replaced by U+FFFD.
    def utf8(bytes)
      bytes.dup.force_encoding(Encoding::UTF_8).scrub("\uFFFD")
    end

    # +text+ with every character of UNPRINTABLE written as its escape (\x1b, \u202e).
    def printable(text)
      text.gsub(UNPRINTABLE) { |char| NAMED[char] || escape(char.ord) }
    end

    # The escape of the code point +code+.
    def escape(code)
      if code < 0x100 then format('\\x%02x', code)
      elsif code < 0x10000 then format('\\u%04x', code)
      else
        format('\\U%08x', code)
      end
    end

    # The start of +bytes+ as an error quotes it: decoded, redacted, escaped, at most +limit+
    # characters (the last one "…" when cut).
    def excerpt(bytes, redactor, limit)
      # Enough bytes for the characters shown (4 at most each), and for a credential that starts among them.
      size = 4 * (limit + redactor.longest)
      shown = printable(redactor.redact(utf8(bytes.byteslice(0, size) || '')))
      return shown if shown.length <= limit && bytes.bytesize <= size

      "#{shown[0, limit - 1]}…"
    end

    # A URL as an error shows it: its query's names without their values, no fragment, no user info.
    def shown_url(url)
      uri = URI.parse(url)
      query = uri.query&.split('&')&.map { |pair| "#{pair.split('=', 2).first}=…" }&.join('&')
      port = uri.port == uri.default_port ? '' : ":#{uri.port}"
      "#{uri.scheme}://#{uri.host}#{port}#{uri.path}#{query ? "?#{query}" : ''}"
    rescue URI::Error
      '(a target that is not a URL)'
    end
  end
end
