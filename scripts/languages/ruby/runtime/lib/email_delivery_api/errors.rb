# frozen_string_literal: true

# The errors a call raises: one base class, and one class for each way a call ends without an
# answer to return. The API error's kinds by status (NotFoundError and the others) are generated
# from the runtime spec into error_kinds.rb. Every text here is made by the client, which has
# redacted the credentials it was given and escaped what the service sent before it gets here.
module EmailDeliveryApi
  # Every error a call raises; +operation+ is the operationId it was for.
  class Error < StandardError
    attr_reader :operation

    def initialize(operation, message)
      super("#{operation}: #{message}")
      @operation = operation
    end
  end

  # The service answered with a status other than 2xx (after any retries). +headers+: the answer's
  # headers, names in lower case, values that echo a credential redacted; +body+: the body parsed
  # as JSON (nil when it is not JSON), strings that echo a credential redacted; +excerpt+: the start
  # of the body as the message quotes it.
  class ApiError < Error
    attr_reader :status, :headers, :body, :excerpt

    def initialize(operation, status, headers, body, excerpt)
      said = excerpt.empty? ? ' with an empty body' : ": #{excerpt}"
      super(operation, "the service answered #{status}#{said}")
      @status = status
      @headers = headers
      @body = body
      @excerpt = excerpt
    end
  end

  # The call (connecting, redirects, every retry and its wait, the body read to its end) did not
  # end within its timeout.
  class TimeoutError < Error
    attr_reader :seconds

    def initialize(operation, seconds)
      super(operation, "no complete answer within #{seconds} s (timeout); give the client or the call a larger timeout to wait longer")
      @seconds = seconds
    end
  end

  # The answer is bigger than the bound: its body than +max_response_bytes+ (the rest was not read),
  # or its headers than the runtime's own bound of them.
  class ResponseTooLargeError < Error
    attr_reader :limit

    def initialize(operation, limit, what = nil)
      super(operation, what || "the response body is bigger than #{limit} bytes (max_response_bytes), so the rest was not read; " \
                               'give the client a larger max_response_bytes to read it')
      @limit = limit
    end
  end

  # The service redirected to another origin (scheme, host, port), or to a target that cannot be
  # read. Not followed: nothing was sent there. +target+: where it led, its query's values left out.
  class CrossOriginRedirectError < Error
    attr_reader :status, :target

    def initialize(operation, status, target, origin)
      super(operation, "the service answered #{status} with a redirect to #{target}, another origin than #{origin}; " \
                       'it was not followed, so your headers were not sent there')
      @status = status
      @target = target
    end
  end

  # A path parameter that cannot travel as one path segment (not a String, empty, "." or "..", or
  # not encodable as UTF-8). Nothing was sent.
  class UnsafePathParameterError < Error
    attr_reader :parameter

    def initialize(operation, parameter, reason)
      super(operation, "path parameter '#{parameter}' is #{reason}; no request was sent")
      @parameter = parameter
    end
  end

  # The service could not be reached, or closed the connection before its answer ended (after any
  # retries).
  class ConnectionError < Error
    def initialize(operation, detail)
      super(operation, "the connection to the service failed: #{detail}")
    end
  end

  # A 2xx answer whose body is not JSON, or not what the description (or an overlay) types it as, or
  # is in an encoding the client cannot bound. +body+: the parsed JSON, where it is JSON.
  class ResponseBodyError < Error
    attr_reader :status, :body

    def initialize(operation, status, detail, body = nil)
      super(operation, "the #{status} answer's body #{detail}")
      @status = status
      @body = body
    end
  end

  # A call refused before anything was sent: a required body missing, a body that is not JSON, a
  # header HTTP cannot carry, an option that is not one.
  class RequestError < Error
    def initialize(operation, detail)
      super(operation, "#{detail}; no request was sent")
    end
  end
end
