# frozen_string_literal: true

# What the Ruby SDK does that is Ruby's own, beyond the guarantees table (sdk_driver.rb): its
# printed forms (inspect, to_s, pp) and its errors' show no credential; an API error is rescued by
# its kind, with its headers and body, redacted; the debug log (a Logger, or EMAIL_DELIVERY_LOG=debug
# on $stderr) names each attempt by its path template and never a header's value; what cannot be
# sent is refused before anything is; one client serves threads side by side. Run by
# test/languages/ruby/package-checks.ts with the SDK on the load path: ruby -I <sdk>/lib sdk_test.rb
require 'json'
require 'logger'
require 'minitest/autorun'
require 'stringio'
require 'email_delivery_api'
require_relative 'recording_server'

# The committed SDK's cases.
class SdkTest < Minitest::Test
  SECRET = 'sk-ruby-secret /+&'
  FORMS = [SECRET, 'sk-ruby-secret%20%2F%2B%26', 'sk-ruby-secret+%2F%2B%26', [SECRET].pack('m0')].freeze

  def setup
    @server = RecordingServer.new do |request|
      case request.target
      when %r{\A/v1/integrations/missing}
        [404, { 'content-type' => 'application/json', 'x-request-id' => 'req_1', 'x-echo' => request.headers['x-api-key'] },
         JSON.generate(message: "no such integration for #{request.headers['x-api-key']}")]
      when %r{\A/v1/integrations/}
        [200, { 'content-type' => 'application/json' }, '{"id":"int_1"}']
      else
        [200, { 'content-type' => 'application/json' }, '[]']
      end
    end
  end

  def teardown
    @server.close
  end

  def client(**options)
    EmailDeliveryApi::Client.new(@server.url, headers: { 'X-Api-Key' => SECRET }, **options)
  end

  def refute_secret(text, what)
    FORMS.each { |form| refute_includes text, form, "#{what} holds the credential" }
  end

  def test_printed_forms_show_the_base_url_and_header_names_only
    c = client
    c.list_webhooks
    printed = [c.inspect, c.to_s, capture_io { pp(c) }.first, c.with_response.inspect, capture_io { pp(c.with_response) }.first,
               c.instance_variables.map { |name| c.instance_variable_get(name).inspect }.join]
    printed.each do |text|
      refute_secret(text, 'the printed client')
      assert_includes text, @server.url
      assert_includes text, 'X-Api-Key'
    end
  end

  def test_an_api_error_is_rescued_by_its_kind_with_its_headers_and_body_redacted
    error = assert_raises(EmailDeliveryApi::NotFoundError) { client(max_retries: 0).get_integration('missing') }
    assert_kind_of EmailDeliveryApi::ApiError, error
    assert_equal [404, 'req_1', 'getIntegration'], [error.status, error.headers['x-request-id'], error.operation]
    assert_equal '[redacted]', error.headers['x-echo']
    assert_equal({ 'message' => 'no such integration for [redacted]' }, error.body)
    assert_match(/\AgetIntegration: the service answered 404: /, error.message)
    [error.message, error.inspect, error.full_message(highlight: false), capture_io { pp(error) }.first, error.headers.to_s, error.body.to_s].each do |text|
      refute_secret(text, 'the error')
    end
  end

  def test_a_credential_that_is_not_ascii_is_redacted_in_headers_and_body_that_are_not_utf8
    client = EmailDeliveryApi::Client.new(@server.url, headers: { 'X-Api-Key' => 'clé-secret' }, max_retries: 0)
    error = assert_raises(EmailDeliveryApi::NotFoundError) { client.get_integration('missing') }
    assert_equal ['[redacted]', Encoding::UTF_8], [error.headers['x-echo'], error.headers['x-echo'].encoding]
    assert_equal({ 'message' => 'no such integration for [redacted]' }, error.body)
    refute_includes error.message, 'clé'
  end

  def test_a_logger_gets_each_attempt_by_its_path_template_and_no_header_value
    log = StringIO.new
    client(logger: Logger.new(log, level: Logger::DEBUG)).get_integration('int_1')
    assert_match(%r{getIntegration: GET /v1/integrations/\{id\} -> 200 \(attempt 1\)}, log.string)
    refute_secret(log.string, 'the log')
    refute_includes log.string, 'int_1'
  end

  def test_email_delivery_log_debug_writes_the_log_to_stderr
    previous = ENV.fetch('EMAIL_DELIVERY_LOG', nil)
    ENV['EMAIL_DELIVERY_LOG'] = 'debug'
    _, err = capture_io { client.list_webhooks }
    assert_match(%r{listWebhooks: GET /v1/webhooks -> 200 \(attempt 1\)}, err)
    ENV['EMAIL_DELIVERY_LOG'] = nil
    _, quiet = capture_io { client.list_webhooks }
    assert_equal '', quiet
  ensure
    ENV['EMAIL_DELIVERY_LOG'] = previous
  end

  def test_what_cannot_be_sent_is_refused_before_anything_is
    c = client
    assert_raises(EmailDeliveryApi::RequestError) { c.update_user_password(body: nil) }
    assert_raises(EmailDeliveryApi::RequestError) { c.update_user_password(body: { 'n' => Float::NAN }) }
    assert_raises(EmailDeliveryApi::RequestError) { c.list_webhooks(request_options: { timout: 1 }) }
    error = assert_raises(EmailDeliveryApi::RequestError) { c.list_webhooks(request_options: { headers: { 'X-Bad' => "a\r\nb: c" } }) }
    refute_includes error.message, 'b: c'
    assert_raises(EmailDeliveryApi::UnsafePathParameterError) { c.get_integration(42) }
    assert_raises(EmailDeliveryApi::UnsafePathParameterError) { c.get_integration("\xff".b.force_encoding('UTF-8')) }
    assert_empty @server.seen
  end

  def test_options_that_are_not_ones_are_refused_when_the_client_is_made
    [['ftp://example.com', {}], ['http://user:pw@example.com', {}], ['http://example.com?a=1', {}],
     [@server.url, { timeout: 0 }], [@server.url, { max_response_bytes: 1.5 }], [@server.url, { max_retries: -1 }],
     [@server.url, { credentials: { 'Nope' => 'x' } }]].each do |url, options|
      assert_raises(ArgumentError) { EmailDeliveryApi::Client.new(url, **options) }
    end
    error = assert_raises(ArgumentError) { EmailDeliveryApi::Client.new(@server.url, headers: { 'X-Api-Key' => "#{SECRET}\n" }) }
    refute_secret(error.message, 'the refusal')
  end

  # A raw server that sends +head+, then +filler+ without end, until the client goes.
  def endless(head, filler)
    server = TCPServer.new('127.0.0.1', 0)
    thread = Thread.new do
      socket = server.accept
      socket.gets("\r\n\r\n")
      socket.write(head)
      loop { socket.write(filler) }
    rescue IOError, SystemCallError
      socket&.close
    end
    yield "http://127.0.0.1:#{server.addr[1]}"
  ensure
    thread&.kill
    server&.close
  end

  def test_endless_headers_and_an_endless_chunk_size_are_read_no_further_than_their_bound
    [["HTTP/1.1 200 OK\r\nx-endless: ", 'a' * 4096], ["HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n", '1' * 4096]].each do |head, filler|
      endless(head, filler) do |url|
        started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
        error = assert_raises(EmailDeliveryApi::ResponseTooLargeError) { EmailDeliveryApi::Client.new(url, timeout: 30, max_retries: 0).list_webhooks }
        assert_match(/bigger than 1048576 bytes/, error.message)
        assert_operator Process.clock_gettime(Process::CLOCK_MONOTONIC) - started, :<, 10
      end
    end
  end

  def test_one_client_serves_threads_side_by_side
    c = client
    results = Array.new(8) { |n| Thread.new { Array.new(5) { c.with_response.get_integration("int_#{n}").status } } }.flat_map(&:value)
    assert_equal [200] * 40, results
    assert_equal 40, @server.seen.size
  end
end
