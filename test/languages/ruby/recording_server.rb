# frozen_string_literal: true

require 'socket'

# A loopback HTTP/1.1 server for the Ruby SDK's minitest files (sdk_test.rb, overlaid_test.rb):
# it records each request (method, target, headers with lower-case names, body) and answers it as
# its `reply` block says, keeping connections alive; it runs in a thread of the test's process and
# closes with it.
class RecordingServer
  # A request as the server read it.
  Request = Struct.new(:http_method, :target, :headers, :body, keyword_init: true)

  attr_reader :requests

  # +reply+ takes a Request and returns [status, headers, body].
  def initialize(&reply)
    @reply = reply
    @requests = Queue.new
    @server = TCPServer.new('127.0.0.1', 0)
    @thread = Thread.new { loop { serve(@server.accept) } }
  end

  def url
    "http://127.0.0.1:#{@server.addr[1]}"
  end

  # Every request seen so far, in order.
  def seen
    Array.new(@requests.size) { @requests.pop }
  end

  def close
    @thread.kill
    @server.close
  end

  private

  # The reply's answer, or a 500 naming what went wrong in it (so that a test's mistake shows).
  def reply_to(request)
    @reply.call(request)
  rescue StandardError => e
    [500, { 'content-type' => 'text/plain' }, "the test server's reply failed: #{e.class}: #{e.message}"]
  end

  def serve(socket)
    Thread.new do
      while (line = socket.gets)
        method, target = line.split
        headers = {}
        while (header = socket.gets) && header != "\r\n"
          name, value = header.split(':', 2)
          headers[name.downcase] = value.strip
        end
        request = Request.new(http_method: method, target:, headers:, body: socket.read(headers['content-length'].to_i))
        @requests << request
        status, answer_headers, body = reply_to(request)
        head = answer_headers.merge('content-length' => body.bytesize.to_s).map { |key, text| "#{key}: #{text}\r\n" }.join
        socket.write("HTTP/1.1 #{status} Status\r\n#{head}\r\n#{body}")
      end
    rescue IOError, SystemCallError
      nil
    ensure
      socket.close
    end
  end
end
