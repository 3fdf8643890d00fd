# frozen_string_literal: true

require 'json'
require 'net/http'
require 'openssl'
require 'securerandom'
require 'uri'
require 'zlib'

# The one request function every generated method calls (through the client): it prepares the
# request (refusing, before anything is sent, what cannot be sent), sends it within one deadline
# over the client's kept-alive connections, follows redirects within the base URL's origin only,
# retries what may be retried, reads the body no further than its bound as it is decoded, and
# decodes a 2xx body or raises the error of whatever else happened.
module EmailDeliveryApi
  # The calls of one client; its printed form shows none of the headers' values.
  class Caller
    # The most bytes an answer's status line and headers may take (Go's net/http's default bound).
    MAX_HEADER_BYTES = 1024 * 1024
    # What a failed connection raises: refused, reset, closed before the answer ended, a name that
    # does not resolve, TLS that fails, a status line that is not HTTP.
    CONNECTION_FAILURES = [
      SystemCallError, IOError, SocketError, OpenSSL::SSL::SSLError, Net::HTTPBadResponse, Net::ProtocolError
    ].freeze
    TIMEOUTS = [Net::OpenTimeout, Net::ReadTimeout, Net::WriteTimeout].freeze
    # What a call without parameters or headers of its own adds: nothing, made once.
    NO_HEADERS = {}.freeze
    NO_PAIRS = [].freeze

    # A request, ready to send: the path with its query, the headers (by lower-case name: [name,
    # value]) and as sent with its body and without one (name => value), the body's bytes, the
    # retries it may take.
    Prepared = Struct.new(:operation, :target, :headers, :sent, :sent_bodiless, :payload, :retries, :timeout, keyword_init: true)

    # A connection failure that may be retried: its cause, and how many times the request was sent.
    class Failed < StandardError
      attr_reader :failure

      def initialize(failure)
        super(failure.class.name)
        @failure = failure
      end
    end

    def initialize(base, headers, redactor, logger, limits)
      @scheme = base.scheme.downcase
      @host = base.hostname.downcase
      @port = base.port
      @origin_text = "#{@scheme}://#{base.host.downcase}#{@port == base.default_port ? '' : ":#{@port}"}"
      @base_path = base.path.chomp('/')
      @headers = headers
      # The headers as sent when a call adds none: made once, not per call.
      @sent = headers.each_value.to_h.freeze
      @sent_bodiless = bodiless(@sent)
      @redactor = redactor
      @logger = logger
      @timeout, @max_response_bytes, @max_retries = limits
      @pool = ConnectionPool.new(@scheme, @host, @port)
    end

    attr_reader :timeout, :max_response_bytes, :max_retries

    def inspect
      "#<#{self.class.name} #{@origin_text} (#{@headers.size} headers)>"
    end

    def pretty_print(printer)
      printer.text(inspect)
    end

    # Closes the kept-alive connections.
    def close
      @pool.close
    end

    # One call of +operation+: its decoded 2xx body, or (+with_response+) a Response of it.
    def call(operation, path_args, values, body, request_options, with_response)
      prepared = prepare(operation, path_args, values, body, request_options)
      budget = Budget.new(prepared.timeout && (Budget.now + prepared.timeout))
      status, response, bytes = send_with_retries(prepared, budget)
      raise api_error(operation, status, headers_of(response), bytes) unless (200..299).cover?(status)

      decoded = decode(operation, status, bytes)
      with_response ? Response.new(status:, headers: headers_of(response), body: decoded) : decoded
    end

    private

    # The request of one call, or the error that refuses it, before anything is sent.
    def prepare(operation, path_args, values, body, request_options)
      timeout, extra = call_options(operation, request_options)
      path = @base_path + Wire.fill_path(operation.id, operation.path, operation.path_names, path_args)
      # The client's headers themselves when the call adds none (no parameter, no header of its own, no body).
      headers = operation.parameters.empty? && extra.empty? && body.nil? ? @headers : @headers.dup
      query = parameters(operation, values, headers)
      extra.each { |name, value| headers[name.downcase] = [name, value] }
      payload = payload_of(operation, body)
      headers['content-type'] = ['Content-Type', 'application/json'] if payload
      keyed(operation, headers)
      sent = headers.equal?(@headers) ? @sent : headers.each_value.to_h
      Prepared.new(operation:, target: query.empty? ? path : "#{path}?#{query.join('&')}", headers:, sent:,
                   sent_bodiless: sent.equal?(@sent) ? @sent_bodiless : bodiless(sent), payload:, retries: retries_of(operation), timeout:)
    end

    # The headers of a request without a body: no Content-Type.
    def bodiless(sent)
      sent.reject { |name, _| name.casecmp?('content-type') }.freeze
    end

    # The call's own timeout and headers (request_options: { timeout:, headers: }), checked.
    def call_options(operation, options)
      return [@timeout, NO_HEADERS] if options.nil?
      raise RequestError.new(operation.id, 'request_options is not a Hash (timeout:, headers:)') unless options.is_a?(Hash)

      unknown = options.keys - %i[timeout headers]
      raise RequestError.new(operation.id, "request_options takes timeout: and headers:, not #{unknown.map(&:inspect).join(', ')}") unless unknown.empty?

      timeout = options.fetch(:timeout, @timeout)
      unless timeout.nil? || (timeout.is_a?(Numeric) && timeout.positive? && timeout.finite?)
        raise RequestError.new(operation.id, 'request_options timeout: must be a positive number of seconds or nil')
      end

      headers = options.fetch(:headers, nil) || {}
      raise RequestError.new(operation.id, 'request_options headers: is not a Hash') unless headers.is_a?(Hash)

      [timeout, headers.to_h { |name, value| checked_header(operation, name.to_s, value, 'request_options headers') }]
    end

    def checked_header(operation, name, value, what)
      Wire.check_header(name, value, what)
      [name, value]
    rescue ArgumentError => e
      raise RequestError.new(operation.id, e.message)
    end

    # The query's pairs; the header and cookie parameters go into +headers+.
    def parameters(operation, values, headers)
      return NO_PAIRS if operation.parameters.empty?

      query = []
      cookies = []
      operation.parameters.each do |parameter|
        value = values[parameter.name]
        raise RequestError.new(operation.id, "the #{parameter.location} parameter '#{parameter.name}' is required") if value.nil? && parameter.required

        case parameter.location
        when 'query' then query.concat(Wire.query_pairs(parameter.name, parameter.style, parameter.explode, value))
        when 'header'
          text = Wire.header_value(parameter.explode, value)
          headers[parameter.name.downcase] = checked_header(operation, parameter.name, text, 'header parameter') if text
        when 'cookie'
          pair = Wire.cookie_pair(parameter.name, value)
          cookies << pair if pair
        end
      end
      headers['cookie'] = ['Cookie', cookies.join('; ')] unless cookies.empty?
      query
    end

    # The body as JSON bytes, nil for none.
    def payload_of(operation, body)
      if body.nil?
        raise RequestError.new(operation.id, 'the request body is required and was nil') if operation.body == :required

        return nil
      end
      JSON.generate(body.is_a?(Model) ? body.to_h : body).b
    rescue JSON::GeneratorError, EncodingError, TypeError => e
      raise RequestError.new(operation.id, "the request body cannot be encoded as JSON (#{e.class.name})")
    end

    # Where the operation has an idempotency key and the caller gave none (keyword, client's or
    # call's header) or an empty one: one for the call, sent on every attempt.
    def keyed(operation, headers)
      key = operation.idempotency_key
      headers[key.downcase] = [key, SecureRandom.uuid] if key && headers.fetch(key.downcase, [nil, ''])[1].to_s.empty?
    end

    # How many times the request may be sent again: a method that may be repeated, or a POST or
    # PATCH with the idempotency key its operation declares (the service tells a retry from a new call).
    def retries_of(operation)
      RETRY_METHODS.include?(operation.http_method) || operation.idempotency_key ? @max_retries : 0
    end

    # The answer after any retries: [status, response (its headers), body bytes].
    def send_with_retries(prepared, budget)
      retry_count = 0
      loop do
        begin
          status, response, bytes = follow(prepared, budget, retry_count + 1)
          return [status, response, bytes] if (200..299).cover?(status)

          wait = wait_before_retry(prepared, retry_count, status, response, budget)
          return [status, response, bytes] if wait.nil?
        rescue Failed => e
          wait = wait_before_retry(prepared, retry_count, nil, nil, budget)
          raise connection_error(prepared, e.failure, retry_count + 1) if wait.nil?
        end
        log { "#{prepared.operation.id}: retry #{retry_count + 1} in #{format('%.2f', wait)} s" }
        sleep(wait)
        retry_count += 1
      end
    end

    # The wait before retry +retry_count+ + 1, or nil when the call ends with what it has: no retry
    # left, a status that is not retried, a Retry-After over the cap, or a wait past the deadline.
    def wait_before_retry(prepared, retry_count, status, response, budget)
      return nil if retry_count >= prepared.retries || (status && !RETRY_STATUSES.include?(status))

      asked = response && Wire.retry_after(header(response, 'retry-after'), Time.now)
      return nil if asked && asked > RETRY_AFTER_CAP_SECONDS

      wait = asked || Wire.backoff(retry_count + 1)
      return nil if budget.deadline && Budget.now + wait > budget.deadline

      wait
    end

    # One request and the redirects it leads to within the origin, at most MAX_REDIRECTS: the answer
    # after the last is the call's.
    def follow(prepared, budget, attempt)
      method = prepared.operation.http_method
      target = prepared.target
      payload = prepared.payload
      (0..MAX_REDIRECTS).each do |hop|
        status, response, bytes = exchange(prepared, method, target, payload, budget)
        log { "#{prepared.operation.id}: #{method} #{prepared.operation.path} -> #{status} (attempt #{attempt}#{hop.positive? ? ", redirect #{hop}" : ''})" }
        location = header(response, 'location')
        return [status, response, bytes] unless REDIRECT_STATUSES.include?(status) && location && hop < MAX_REDIRECTS

        method, target, payload = redirect(prepared, status, method, target, location, payload)
      end
    end

    # Where a redirect leads, with what method and body; refused when it leaves the origin.
    def redirect(prepared, status, method, target, location, payload)
      uri = begin
        URI.join("#{@origin_text}#{target}", location.strip)
      rescue URI::Error, ArgumentError
        nil
      end
      unless uri.is_a?(URI::HTTP) && [uri.scheme.downcase, uri.hostname.to_s.downcase, uri.port] == [@scheme, @host, @port]
        shown = Text.printable(@redactor.redact(uri ? Text.shown_url(uri.to_s) : Text.shown_url(location)))
        raise CrossOriginRedirectError.new(prepared.operation.id, status, shown, @origin_text)
      end
      # As browsers and fetch do: a 303, or a 301 or 302 after a POST, becomes a GET without a body.
      return ['GET', uri.request_uri, nil] if (status == 303 && method != 'HEAD') || ([301, 302].include?(status) && method == 'POST')

      [method, uri.request_uri, payload]
    end

    # One request over a connection of the pool: [status, response (its headers), body bytes].
    def exchange(prepared, method, target, payload, budget)
      http = @pool.take(budget)
      request = Net::HTTPGenericRequest.new(method, !payload.nil?, method != 'HEAD', target, payload ? prepared.sent : prepared.sent_bodiless)
      request.body = payload if payload
      answer = nil
      budget.header_bytes_left = MAX_HEADER_BYTES
      http.request(request) do |response|
        budget.header_bytes_left = nil
        status = response.code.to_i
        answer = [status, response, read_body(prepared, status, response)]
      end
      @pool.give_back(http)
      answer
    rescue StandardError => e
      @pool.discard(http) if http
      raise failure_of(prepared, e, budget)
    end

    # An answer's headers, names in lower case, a repeated one's values joined by ", ", as UTF-8 text:
    # made only for what shows them (with_response, an ApiError).
    def headers_of(response)
      response.to_hash.transform_values { |values| Text.utf8(values.join(', ')) }
    end

    # One header of an answer as UTF-8 text, nil when absent.
    def header(response, name)
      value = response[name]
      value && Text.utf8(value)
    end

    # What an exception of the exchange becomes: the SDK's own error, or Failed (which may be retried).
    def failure_of(prepared, error, budget)
      operation = prepared.operation.id
      case error
      when HeadersTooLarge
        ResponseTooLargeError.new(operation, MAX_HEADER_BYTES,
                                  "the response's headers, or a line of its framing, are bigger than #{MAX_HEADER_BYTES} bytes, so the rest was not read")
      when *TIMEOUTS then TimeoutError.new(operation, prepared.timeout)
      when *CONNECTION_FAILURES then budget.passed? ? TimeoutError.new(operation, prepared.timeout) : Failed.new(error)
      else error
      end
    end

    # The body, decoded as its Content-Encoding says, read to its end and no further than the bound.
    def read_body(prepared, status, response)
      limit = @max_response_bytes
      declared = response['content-length']
      declared = declared&.match?(/\A\s*\d+\s*\z/) ? declared.to_i : nil
      raise too_large(prepared) if limit && declared && declared > limit

      encoding = response['content-encoding']
      decoder = encoding && decoder_of(prepared, status, encoding)
      body = String.new(encoding: Encoding::BINARY)
      # The length it declares (within the bound), neither chunked nor encoded: Net::HTTP reads that many bytes, no more.
      declared && !decoder && !response.chunked? ? response.read_body(body) : read_pieces(prepared, response, decoder, body, limit)
      body
    rescue Zlib::Error => e
      raise ResponseBodyError.new(prepared.operation.id, status, "does not decode as its Content-Encoding says (#{e.class.name})")
    ensure
      decoder&.close
    end

    # Reads the body piece by piece into +body+, each decoded piece counted against the bound.
    def read_pieces(prepared, response, decoder, body, limit)
      response.read_body do |chunk|
        if decoder
          decoder.inflate(chunk) { |piece| keep(prepared, body, piece, limit) }
        else
          keep(prepared, body, chunk, limit)
        end
      end
      keep(prepared, body, decoder.finish, limit) if decoder
    end

    # Appends +piece+ to +body+, or raises when that would pass the bound.
    def keep(prepared, body, piece, limit)
      raise too_large(prepared) if limit && body.bytesize + piece.bytesize > limit

      body << piece
    end

    def too_large(prepared)
      ResponseTooLargeError.new(prepared.operation.id, @max_response_bytes)
    end

    # The decoder of a Content-Encoding (gzip, deflate), nil for none; an encoding it cannot bound is refused.
    def decoder_of(prepared, status, encoding)
      codings = encoding.to_s.downcase.split(',').map(&:strip).reject { |coding| coding.empty? || coding == 'identity' }
      return nil if codings.empty?
      return Zlib::Inflate.new(Zlib::MAX_WBITS + 32) if codings.size == 1 && %w[gzip x-gzip deflate].include?(codings.first)

      raise ResponseBodyError.new(prepared.operation.id, status, "is encoded as #{Text.printable(codings.join(', ')).inspect}, which the client " \
                                                                 'asked not to get (Accept-Encoding: identity) and cannot decode within its bound')
    end

    def connection_error(prepared, failure, tries)
      cause = failure.message.empty? ? failure.class.name : "#{failure.class.name}: #{failure.message}"
      sent = "#{prepared.operation.http_method} #{Text.shown_url("#{@origin_text}#{prepared.target}")}"
      ConnectionError.new(prepared.operation.id, Text.printable(@redactor.redact("#{sent}#{tries > 1 ? ", #{tries} tries" : ''}: #{Text.utf8(cause.b)}")))
    end

    # The error of a non-2xx answer: its kind's class, its headers and parsed body redacted, its excerpt.
    def api_error(operation, status, headers, bytes)
      parsed = begin
        bytes.strip.empty? ? nil : JSON.parse(Text.utf8(bytes))
      rescue JSON::ParserError
        nil
      end
      EmailDeliveryApi.api_error_class(status).new(
        operation.id, status, headers.transform_values { |value| @redactor.redact(value) },
        @redactor.redact_json(parsed), Text.excerpt(bytes, @redactor, EXCERPT_CHARACTERS)
      )
    end

    # A 2xx body decoded as the operation reads it.
    def decode(operation, status, bytes)
      # Only what String#strip strips (whitespace and NUL): no stripped copy of the body.
      return nil if bytes.match?(/\A[\s\0]*\z/)

      text = bytes.dup.force_encoding(Encoding::UTF_8)
      data = begin
        raise JSON::ParserError, 'not UTF-8' unless text.valid_encoding?

        JSON.parse(text)
      rescue JSON::ParserError => e
        raise ResponseBodyError.new(operation.id, status, "is not JSON (#{e.class.name}): #{Text.excerpt(bytes, @redactor, EXCERPT_CHARACTERS)}")
      end
      into(operation, status, data)
    end

    def into(operation, status, data)
      case operation.into
      when nil then data
      when :object
        return data if data.is_a?(Hash)

        raise ResponseBodyError.new(operation.id, status, "is not a JSON object but #{Model.json_type(data)}", data)
      else
        begin
          operation.into.from_json(data)
        rescue Model::Invalid => e
          raise ResponseBodyError.new(operation.id, status, "is not a #{operation.into.name}: #{e.message}", data)
        end
      end
    end

    def log(&)
      @logger&.debug(&)
    end
  end
end
