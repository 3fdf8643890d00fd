# frozen_string_literal: true

require 'time'

# What goes on the wire, with no I/O: path segments, parameters as their OpenAPI style and explode
# say, the headers a client may send, and the waits before a retry.
module EmailDeliveryApi
  # Path segments, parameters, headers and waits.
  module Wire
    # All but RFC 3986's unreserved characters (A-Z a-z 0-9 - . _ ~), byte by byte.
    RESERVED = /[^A-Za-z0-9\-._~]/n
    HEADER_NAME = /\A[!#$%&'*+.^_`|~0-9A-Za-z-]+\z/
    DELIMITERS = { 'form' => ',', 'spaceDelimited' => '%20', 'pipeDelimited' => '%7C' }.freeze

    module_function

    # +text+ percent-encoded as UTF-8, every character but the unreserved ones.
    def encode_strict(text)
      text.to_s.encode(Encoding::UTF_8).b.gsub(RESERVED) { |byte| format('%%%02X', byte.ord) }
    end

    # +value+ as one path segment, or the reason it cannot be one (nothing is sent then).
    def path_segment(operation, name, value)
      raise UnsafePathParameterError.new(operation, name, "#{value.class}, not a String: give it as a String") unless value.is_a?(String)

      text = begin
        value.encode(Encoding::UTF_8)
      rescue EncodingError
        nil
      end
      if text.nil? || !text.valid_encoding? || ['', '.', '..'].include?(text)
        shown = Text.printable(text.nil? || !text.valid_encoding? ? Text.utf8(value.b) : text).inspect
        raise UnsafePathParameterError.new(operation, name, "#{shown}, which cannot be sent as one path segment " \
                                                            "(an empty, '.' or '..' segment would address another resource, " \
                                                            'and text that is not UTF-8 has no encoding)')
      end
      encode_strict(text)
    end

    # The path template with each {name} filled by its value, one encoded segment each.
    def fill_path(operation, template, names, values)
      return template if names.empty?

      names.zip(values).reduce(template) do |path, (name, value)|
        path.sub("{#{name}}", path_segment(operation, name, value))
      end
    end

    # A primitive as JavaScript's String() writes it: true, 1, 1.5.
    def text(value)
      return value.to_s if value.is_a?(Integer) || value == true || value == false
      return value.to_i.to_s if value.is_a?(Float) && value.finite? && value == value.floor && value.abs < 1e21

      value.to_s
    end

    # One query parameter as name=value pairs (RFC 6570 form expansion): an Array repeats the name
    # when exploded, else joins its items; a Hash sends each entry when exploded (the open pairs
    # among them), else name=k,v,j,w. Names and values strictly percent-encoded; nothing for nil.
    def query_pairs(name, style, explode, value)
      return [] if value.nil?

      key = encode_strict(name)
      case value
      when Hash
        entries = value.compact.map { |k, item| [encode_strict(k), encode_strict(text(item))] }
        return entries.map { |k, item| "#{k}=#{item}" } if explode

        entries.empty? ? [] : ["#{key}=#{entries.flatten.join(',')}"]
      when Array
        items = value.compact.map { |item| encode_strict(text(item)) }
        return items.map { |item| "#{key}=#{item}" } if explode

        items.empty? ? [] : ["#{key}=#{items.join(DELIMITERS.fetch(style, ','))}"]
      else
        ["#{key}=#{encode_strict(text(value))}"]
      end
    end

    # One header parameter, style simple: a primitive as it is, an Array's items joined by ",", a
    # Hash as k,v,j,w (k=v,j=w exploded); nil for nil.
    def header_value(explode, value)
      parts = case value
              when nil then return nil
              when Hash then value.compact.map { |k, item| explode ? "#{k}=#{text(item)}" : "#{k},#{text(item)}" }
              when Array then value.compact.map { |item| text(item) }
              else [text(value)]
              end
      parts.empty? ? nil : parts.join(',')
    end

    # One cookie parameter, style form: name=value, an Array as name=a,b; strictly percent-encoded.
    def cookie_pair(name, value)
      return nil if value.nil?

      values = value.is_a?(Array) ? value.compact.map { |item| text(item) } : [text(value)]
      values.empty? ? nil : "#{encode_strict(name)}=#{values.map { |item| encode_strict(item) }.join(',')}"
    end

    # Refuses a header that HTTP cannot carry, naming it, never showing its value.
    def check_header(name, value, what)
      raise ArgumentError, "#{what}: #{Text.printable(name.to_s).inspect} is not a header name" unless name.is_a?(String) && HEADER_NAME.match?(name)
      return if value.is_a?(String) && value.valid_encoding? && !value.match?(/[\r\n\0]/)

      raise ArgumentError, "#{what}: the value of header #{name.inspect} is not a String of text without line breaks"
    end

    # The seconds a Retry-After asks for (delay-seconds or an HTTP date), or nil when absent or unreadable.
    def retry_after(value, now)
      return nil if value.nil?

      value = value.strip
      return Integer(value, 10).to_f if value.match?(/\A[0-9]{1,12}\z/)

      [Time.httpdate(value).to_f - now.to_f, 0.0].max
    rescue ArgumentError
      nil
    end

    # The wait before retry +number+ (from 1) where the answer names none: the initial backoff doubled
    # each time, at most the longest, less up to the jitter.
    def backoff(number)
      [INITIAL_BACKOFF_SECONDS * (2**(number - 1)), MAX_BACKOFF_SECONDS].min * (1 - (BACKOFF_JITTER * rand))
    end
  end
end
