# frozen_string_literal: true

# The Ruby SDK's driver for the guarantees table (test/support/guarantees.ts, run by
# test/languages/sdk-guarantees.test.ts): reads one JSON line per call on stdin, makes the call
# with a new client built from that line, and writes one JSON line per call on stdout, flushed
# after each; exits 0 at the end of its input. It uses the SDK's public surface only (-I of the
# SDK's lib, or the gem installed), and tells outcomes apart by the error's class, never by its text.
#
# In:  {"baseUrl", "headers", "options": {"timeoutSeconds", "maxResponseBytes", "maxRetries"},
#       "callOptions": {"timeoutSeconds", "headers"}, "operation", "path": [...], "query": {...}, "body": ...}
# Out: {"outcome", "status", "body", "error", "printed", "seconds", "errorKind", "errorHeaders", "errorBody"}:
# status where there is an answer (ok: through client.with_response; api_error: the error's).
require 'json'
require 'email_delivery_api'

# The SDK's error classes, each an outcome of the protocol; the first that matches decides.
OUTCOMES = {
  EmailDeliveryApi::ApiError => 'api_error',
  EmailDeliveryApi::TimeoutError => 'timeout',
  EmailDeliveryApi::ResponseTooLargeError => 'too_large',
  EmailDeliveryApi::CrossOriginRedirectError => 'redirect_refused',
  EmailDeliveryApi::UnsafePathParameterError => 'unsafe_path',
  EmailDeliveryApi::ConnectionError => 'connection_error'
}.freeze

OPTIONS = { 'timeoutSeconds' => :timeout, 'maxResponseBytes' => :max_response_bytes, 'maxRetries' => :max_retries }.freeze

# The method of an operationId: its name in snake_case.
def method_name(operation)
  operation.gsub(/([a-z0-9])([A-Z])/, '\1_\2').downcase
end

# The call's arguments: the path parameters, then the keywords the method takes.
def arguments(line, method)
  keywords = {}
  takes = method.parameters.map(&:last)
  keywords[:query] = line['query'] if line.key?('query') && takes.include?(:query)
  keywords[:body] = line['body'] if line.key?('body') && takes.include?(:body)
  call = line['callOptions']
  keywords[:request_options] = { timeout: call['timeoutSeconds'], headers: call['headers'] }.compact if call
  [line.fetch('path', []), keywords]
end

# The kind of an API error by its class: NotFoundError is "NotFound", ApiError itself "".
def kind_of_error(error)
  error.instance_of?(EmailDeliveryApi::ApiError) ? '' : error.class.name.split('::').last.delete_suffix('Error')
end

def outcome_of(error, out)
  out['outcome'] = OUTCOMES.find { |klass, _| error.is_a?(klass) }&.last || 'other'
  out['error'] = error.message
  return unless error.is_a?(EmailDeliveryApi::ApiError)

  out.merge!('status' => error.status, 'errorKind' => kind_of_error(error), 'errorHeaders' => error.headers, 'errorBody' => error.body)
end

def call_once(line)
  options = OPTIONS.each_with_object({}) { |(key, name), found| found[name] = line['options'][key] if line['options']&.key?(key) }
  client = EmailDeliveryApi::Client.new(line['baseUrl'], headers: line['headers'] || {}, **options)
  out = { 'printed' => client.inspect, 'error' => '' }
  name = method_name(line['operation'])
  path, keywords = arguments(line, client.method(name))
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  begin
    answer = client.with_response.public_send(name, *path, **keywords)
    out.merge!('outcome' => 'ok', 'status' => answer.status, 'body' => answer.body)
  rescue EmailDeliveryApi::Error => e
    outcome_of(e, out)
  ensure
    out['seconds'] = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
    client.close
  end
  out
end

$stdout.sync = true
$stdin.each_line do |text|
  next if text.strip.empty?

  puts JSON.generate(call_once(JSON.parse(text)))
end
