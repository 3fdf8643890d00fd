# frozen_string_literal: true

require 'net/http'
require 'openssl'

# The connections of one client to its base URL's origin (the only one it sends to), kept alive
# between calls: a call takes one (or opens one), and gives it back when its answer was read whole.
# Safe to share between threads: a connection serves one call at a time.
module EmailDeliveryApi
  # Idle keep-alive connections to one origin.
  class ConnectionPool
    # The most idle connections kept; more are closed.
    MAX_IDLE = 8

    def initialize(scheme, host, port)
      @scheme = scheme
      @host = host
      @port = port
      @idle = []
      @mutex = Mutex.new
    end

    # A connection for a request within +budget+ (started, or started here within it).
    def take(budget)
      http = @mutex.synchronize { @idle.pop } || open
      begin
        http.keep(budget)
        http.start unless http.started?
      rescue StandardError
        discard(http)
        raise
      end
      http
    end

    # Gives back a connection whose answer was read whole.
    def give_back(http)
      kept = @mutex.synchronize { @idle.size < MAX_IDLE && @idle.push(http) }
      discard(http) unless kept
    end

    # Closes a connection that failed or was left in the middle of an answer.
    def discard(http)
      http.finish if http.started?
    rescue IOError, SystemCallError, OpenSSL::SSL::SSLError
      nil
    end

    # Closes every idle connection.
    def close
      @mutex.synchronize { @idle.slice!(0..) }.each { |http| discard(http) }
    end

    def inspect
      "#<#{self.class.name} #{@scheme}://#{@host}:#{@port} (#{@idle.size} idle)>"
    end

    private

    def open
      # No proxy from the environment (http_proxy): the credentials go to the base URL's origin only.
      http = Net::HTTP.new(@host, @port, nil)
      http.use_ssl = @scheme == 'https'
      # The client retries what may be retried, once per its policy: Net::HTTP never on its own.
      http.max_retries = 0
      http.extend(DeadlineHTTP)
      http
    end
  end
end
