# frozen_string_literal: true

# The Ruby SDK written with the example overlays (examples/overlays/fields.yaml, paging.yaml,
# idempotency.yaml, auth.yaml): the typed classes carry the fields (under snake_case names, sent under
# their names on the wire), a misspelt one is an ArgumentError or a NoMethodError, an answer that is
# not what the overlay types is a ResponseBodyError; the overlays' parameters go out as they say; a
# credential goes by its security scheme's name, or from its variable; a POST the overlay gives an
# idempotency key is retried with one key on every attempt (the caller's, or one the call makes),
# and a POST no overlay keys is sent once. Run by test/languages/ruby/package-checks.ts with
# that SDK on the load path: ruby -I <sdk>/lib overlaid_test.rb
require 'json'
require 'minitest/autorun'
require 'email_delivery_api'
require_relative 'recording_server'

# The overlaid SDK's cases.
class OverlaidTest < Minitest::Test
  Models = EmailDeliveryApi::Models

  def setup
    @answers = Hash.new { |_, target| [[404, {}, JSON.generate(unexpected: target)]] }
    @server = RecordingServer.new do |request|
      queue = @answers["#{request.http_method} #{request.target}"]
      queue.size > 1 ? queue.shift : queue.first
    end
  end

  def teardown
    @server.close
  end

  def answer(request, *replies)
    @answers[request] = replies.map { |status, body| [status, { 'content-type' => 'application/json', 'retry-after' => '0' }, JSON.generate(body)] }
  end

  def test_a_typed_body_carries_its_fields_under_their_wire_names
    body = Models::SendBatchRequestBody.new(subject: 'Hello', send_at: '2026-01-02T03:04:05Z')
    assert_equal ['Hello', '2026-01-02T03:04:05Z'], [body.subject, body.send_at]
    assert_equal({ 'subject' => 'Hello', 'sendAt' => '2026-01-02T03:04:05Z' }, body.to_h)
    assert_equal({ 'subject' => 'Hi' }, Models::SendBatchRequestBody.new(subject: 'Hi').to_h)
    assert_match(/unknown keyword: :sendAt/, assert_raises(ArgumentError) { Models::SendBatchRequestBody.new(subject: 'Hello', sendAt: 'x') }.message)
    assert_match(/subject/, assert_raises(ArgumentError) { Models::SendBatchRequestBody.new(send_at: 'x') }.message)
    assert_raises(NoMethodError) { body.subjet }
    extra = Models::SendBatchRequestBody.from_h('subject' => 'Hello', 'priority' => 3)
    assert_equal({ 'subject' => 'Hello', 'priority' => 3 }, extra.to_h)
  end

  def test_calls_send_the_typed_body_and_the_overlays_parameters_and_read_typed_answers
    answer('POST /v1/batches/b%201/send', [201, {}])
    answer('GET /v1/messages/status?id=m_1', [200, { state: 'queued' }])
    answer('GET /v1/webhooks?cursor=c%201', [200, { items: [{ url: 'https://hooks.example/a' }], nextCursor: 'c2' }])
    client = EmailDeliveryApi::Client.new(@server.url, credentials: { ExampleApiKey: 'key-given' })
    assert_equal({}, client.send_batch('b 1', idempotency_key: 'key-1', body: Models::SendBatchRequestBody.new(subject: 'Hello')))
    status = client.get_message_status(query: { id: 'm_1' })
    assert_instance_of Models::GetMessageStatusResponseBody, status
    assert_equal 'queued', status.state
    assert_raises(NoMethodError) { status.stae }
    page = client.list_webhooks(cursor: 'c 1')
    assert_equal [[{ 'url' => 'https://hooks.example/a' }], 'c2'], [page.items, page.next_cursor]
    sent = @server.seen
    lines = sent.map { |r| "#{r.http_method} #{r.target}" }
    assert_equal ['POST /v1/batches/b%201/send', 'GET /v1/messages/status?id=m_1', 'GET /v1/webhooks?cursor=c%201'], lines
    assert_equal [%w[key-1 key-given], '{"subject":"Hello"}'], [[sent[0].headers['idempotency-key'], sent[0].headers['x-example-api-key']], sent[0].body]
    assert(sent.all? { |request| request.headers['x-example-api-key'] == 'key-given' })
  end

  def test_an_answer_that_is_not_what_the_overlay_types_is_a_body_error
    answer('GET /v1/messages/status', [200, { state: 5 }])
    error = assert_raises(EmailDeliveryApi::ResponseBodyError) { EmailDeliveryApi::Client.new(@server.url).get_message_status }
    assert_equal 'getMessageStatus: the 200 answer\'s body is not a EmailDeliveryApi::Models::GetMessageStatusResponseBody: state: an integer, not a string',
                 error.message
    assert_equal({ 'state' => 5 }, error.body)
  end

  def test_a_credential_comes_from_its_schemes_variable_when_not_given
    answer('GET /v1/quotas', [200, {}])
    ENV['EMAIL_DELIVERY_EXAMPLE_API_KEY'] = 'key-from-env'
    client = EmailDeliveryApi::Client.new(@server.url)
    client.list_quotas
    assert_equal 'key-from-env', @server.seen.first.headers['x-example-api-key']
    assert_equal ['X-Example-Api-Key'], client.header_names
    refute_includes client.inspect, 'key-from-env'
    assert_raises(ArgumentError) { EmailDeliveryApi::Client.new(@server.url, credentials: { ExampleBearer: 'x' }) }
  ensure
    ENV.delete('EMAIL_DELIVERY_EXAMPLE_API_KEY')
  end

  UUID4 = /\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/

  # The idempotency keys of the requests seen since the last look.
  def keys_seen
    @server.seen.map { |request| request.headers['idempotency-key'] }
  end

  def test_a_keyed_post_given_no_key_is_retried_with_one_key_the_call_makes
    answer('POST /v1/batches/b_1/send', [503, {}], [201, { sent: true }])
    client = EmailDeliveryApi::Client.new(@server.url)
    assert_equal({ 'sent' => true }, client.send_batch('b_1'))
    first, again, *rest = keys_seen
    assert_match UUID4, first
    assert_equal [first, []], [again, rest]
    client.send_batch('b_1')
    following, *rest = keys_seen
    assert_match UUID4, following
    assert_empty rest
    refute_equal first, following
  end

  def test_a_keyed_post_keeps_the_callers_key_as_the_keyword_or_a_header_in_any_case
    answer('POST /v1/batches/b_1/send', [503, {}], [201, { sent: true }], [503, {}], [201, {}], [503, {}], [201, {}])
    client = EmailDeliveryApi::Client.new(@server.url)
    assert_equal({ 'sent' => true }, client.send_batch('b_1', idempotency_key: 'key-2'))
    client.send_batch('b_1', request_options: { headers: { 'IDEMPOTENCY-KEY' => 'key-3' } })
    EmailDeliveryApi::Client.new(@server.url, headers: { 'idempotency-Key' => 'key-4' }).send_batch('b_1')
    assert_equal %w[key-2 key-2 key-3 key-3 key-4 key-4], keys_seen
  end

  def test_a_keyed_post_given_an_empty_key_is_retried_with_one_key_the_call_makes
    answer('POST /v1/batches/b_1/send', [503, {}], [201, { sent: true }])
    assert_equal({ 'sent' => true }, EmailDeliveryApi::Client.new(@server.url).send_batch('b_1', idempotency_key: ''))
    first, again, *rest = keys_seen
    assert_match UUID4, first
    assert_equal [first, []], [again, rest]
  end

  def test_a_post_no_overlay_keys_is_sent_once
    answer('POST /v2/contacts/export/filter', [503, {}], [200, {}])
    error = assert_raises(EmailDeliveryApi::ApiError) { EmailDeliveryApi::Client.new(@server.url).export_contacts }
    assert_equal 503, error.status
    assert_equal [nil], keys_seen
  end
end
