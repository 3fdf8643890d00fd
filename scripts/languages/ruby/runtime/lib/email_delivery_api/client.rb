# frozen_string_literal: true

require 'uri'

# The client: its options, checked when it is made; its credentials (headers, and the security
# schemes an overlay declares); its logger; its printed form, which shows the base URL and the
# headers' names, never a value. The methods, one per operation, are the generated Operations'.
module EmailDeliveryApi
  # A client of the service at +base_url+; safe to share between threads.
  class Client
    include Operations

    # The same methods as the client's, each returning a Response (status, headers, body) of the 2xx answer.
    class WithResponse
      include Operations

      def initialize(caller, client)
        @caller = caller
        @client = client
      end

      def inspect
        "#<#{self.class.name} of #{@client.inspect}>"
      end

      alias to_s inspect

      def pretty_print(printer)
        printer.text(inspect)
      end

      private

      def perform(operation, path_args, values, body, request_options)
        @caller.call(operation, path_args, values, body, request_options, true)
      end
    end

    attr_reader :base_url, :header_names

    # +headers+ go with every request (your credentials: never shown in an error or the printed
    # client); +credentials+ by security scheme name where an overlay declares schemes (else read from
    # each scheme's variable, CREDENTIAL_SCHEMES); +timeout+ bounds each whole call in seconds (nil:
    # none); +max_response_bytes+ the body read (nil: none); +max_retries+ the retries of what may be
    # retried; +logger+ a Logger for the debug line of each attempt (EMAIL_DELIVERY_LOG=debug: $stderr).
    def initialize(base_url, headers: {}, timeout: DEFAULT_TIMEOUT, max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
                   max_retries: DEFAULT_MAX_RETRIES, credentials: {}, logger: nil)
      base = base_uri(base_url)
      given = credential_headers(credentials).merge(checked_headers(headers))
      @base_url = base.to_s.chomp('/')
      @header_names = given.each_value.map(&:first).freeze
      sent = default_headers.merge(given)
      redactor = Redactor.new(given.each_value.map(&:last))
      limits = [positive(:timeout, timeout, Numeric), positive(:max_response_bytes, max_response_bytes, Integer), retries(max_retries)]
      @caller = Caller.new(base, sent, redactor, logger || logger_from_environment, limits)
    end

    def timeout
      @caller.timeout
    end

    def max_response_bytes
      @caller.max_response_bytes
    end

    def max_retries
      @caller.max_retries
    end

    # The same methods, each returning a Response (status, headers, body) of the 2xx answer.
    def with_response
      @with_response ||= WithResponse.new(@caller, self)
    end

    # Closes the connections the client keeps alive; a call after opens new ones.
    def close
      @caller.close
    end

    def inspect
      "#<#{self.class.name} base_url=#{@base_url.inspect} headers=#{@header_names.inspect} timeout=#{timeout.inspect} " \
        "max_response_bytes=#{max_response_bytes.inspect} max_retries=#{max_retries}>"
    end

    alias to_s inspect

    def pretty_print(printer)
      printer.text(inspect)
    end

    private

    def perform(operation, path_args, values, body, request_options)
      @caller.call(operation, path_args, values, body, request_options, false)
    end

    def base_uri(base_url)
      uri = begin
        URI.parse(base_url)
      rescue URI::Error, TypeError
        nil
      end
      unless uri.is_a?(URI::HTTP) && uri.host && !uri.host.empty?
        raise ArgumentError,
              "base_url must be an http or https URL, such as 'https://api.example.com'"
      end
      raise ArgumentError, 'base_url takes no user info, query or fragment: give credentials in headers:' if uri.userinfo || uri.query || uri.fragment

      uri
    end

    # Headers by their lower-case name: [name as given, value].
    def checked_headers(headers)
      raise ArgumentError, 'headers: must be a Hash of names and values' unless headers.is_a?(Hash)

      headers.each_with_object({}) do |(name, value), checked|
        Wire.check_header(name.to_s, value, 'headers')
        checked[name.to_s.downcase] = [name.to_s, value]
      end
    end

    # The header of each security scheme's credential: given by name, else from its variable.
    def credential_headers(credentials)
      raise ArgumentError, 'credentials: must be a Hash of security scheme names and values' unless credentials.is_a?(Hash)

      given = credentials.transform_keys(&:to_s)
      unknown = given.keys - CREDENTIAL_SCHEMES.keys
      unless unknown.empty?
        known = CREDENTIAL_SCHEMES.empty? ? 'the description declares none: give your header in headers:' : "it declares #{CREDENTIAL_SCHEMES.keys.join(', ')}"
        raise ArgumentError, "credentials: no security scheme #{unknown.map(&:inspect).join(', ')} (#{known})"
      end
      CREDENTIAL_SCHEMES.each_with_object({}) do |(scheme, (header, prefix, variable)), found|
        value = given.fetch(scheme) { ENV.fetch(variable, nil) }
        next if value.nil? || value.empty?

        Wire.check_header(header, "#{prefix}#{value}", "credentials: #{scheme}")
        found[header.downcase] = [header, "#{prefix}#{value}"]
      end
    end

    def default_headers
      { 'user-agent' => ['User-Agent', USER_AGENT], 'accept' => ['Accept', 'application/json'], 'accept-encoding' => %w[Accept-Encoding identity] }
    end

    def positive(name, value, kind)
      return nil if value.nil?
      return value if value.is_a?(kind) && value.positive? && (value.is_a?(Integer) || value.finite?)

      raise ArgumentError, "#{name}: must be a positive #{kind == Integer ? 'whole number' : 'number'} or nil, not #{value.inspect}"
    end

    def retries(value)
      return value if value.is_a?(Integer) && !value.negative?

      raise ArgumentError, "max_retries: must be a whole number from 0, not #{value.inspect}"
    end

    def logger_from_environment
      return nil unless ENV.fetch(LOG_VARIABLE, nil) == 'debug'

      require 'logger'
      Logger.new($stderr, level: Logger::DEBUG, progname: 'email_delivery_api')
    end
  end
end
