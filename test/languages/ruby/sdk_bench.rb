# frozen_string_literal: true

# The Ruby SDK's cost per call against plain Net::HTTP, as scripts/dev/sdk-bench/'s programs measure
# theirs (the target: the SDK at most 20 % slower per call): listWebhooks N times through the SDK and
# N times through one kept-alive Net::HTTP session (the same GET, the body read and decoded from
# JSON), after a warm-up of each, in alternating rounds so that neither runs only while the machine
# is busier; prints one JSON line: {"sdkSeconds": ..., "plainSeconds": ..., "calls": N}.
#
# Usage: ruby -I generated/sdk/ruby/lib test/languages/ruby/sdk_bench.rb <base URL> <N>
require 'json'
require 'net/http'
require 'email_delivery_api'

ROUNDS = 10
WARM_UP = 50

def timed(times, &)
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  times.times(&)
  Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
end

base_url = ARGV.fetch(0)
calls = Integer(ARGV.fetch(1))
uri = URI("#{base_url.chomp('/')}/v1/webhooks")
sdk = EmailDeliveryApi::Client.new(base_url)
plain = Net::HTTP.start(uri.host, uri.port)
sides = {
  sdk: -> { sdk.list_webhooks },
  plain: lambda {
    response = plain.request(Net::HTTP::Get.new(uri))
    raise "plain: #{response.code}" unless response.is_a?(Net::HTTPSuccess)

    response.body.strip.empty? ? nil : JSON.parse(response.body)
  }
}
sides.each_value { |call| timed(WARM_UP, &call) }
seconds = { sdk: 0.0, plain: 0.0 }
per_round = [calls / ROUNDS, 1].max
ROUNDS.times do |round|
  order = round.even? ? %i[sdk plain] : %i[plain sdk]
  order.each { |side| seconds[side] += timed(per_round, &sides[side]) }
end
plain.finish
sdk.close
puts JSON.generate(sdkSeconds: seconds[:sdk].round(4), plainSeconds: seconds[:plain].round(4), calls: per_round * ROUNDS)
