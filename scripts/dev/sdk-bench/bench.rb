# frozen_string_literal: true

# The Ruby SDK's cost per call against plain Net::HTTP, for `npm run bench` (bench-sdk.ts runs it
# against a loopback service; the target is the SDK at most 20 % slower per call).
# Usage: ruby -I generated/sdk/ruby/lib bench.rb <base URL> <N>. Calls list_webhooks N times through
# the SDK's Client and N times through one started, kept-alive Net::HTTP (the same GET, the status
# checked, the body decoded with JSON.parse), after a warm-up of each, in alternating rounds so that
# neither runs only while the machine is busier; prints {"sdkSeconds": ..., "plainSeconds": ..., "calls": N}.
require 'json'
require 'net/http'
require 'email_delivery_api'

ROUNDS = 10
WARM_UP = 50

def timed(times, call)
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  times.times { call.call }
  Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
end

base_url, calls = ARGV
uri = URI("#{base_url.chomp('/')}/v1/webhooks")
sdk = EmailDeliveryApi::Client.new(base_url)
# No proxy from the environment, as the SDK takes none.
plain = Net::HTTP.start(uri.host, uri.port, nil)
sides = {
  sdk: -> { sdk.list_webhooks },
  plain: lambda {
    response = plain.request(Net::HTTP::Get.new(uri))
    raise "plain: #{response.code}" unless response.code == '200'

    response.body.strip.empty? ? nil : JSON.parse(response.body)
  }
}
sides.each_value { |call| timed(WARM_UP, call) }
seconds = { sdk: 0.0, plain: 0.0 }
per_round = [Integer(calls) / ROUNDS, 1].max
ROUNDS.times do |round|
  (round.even? ? %i[sdk plain] : %i[plain sdk]).each { |side| seconds[side] += timed(per_round, sides[side]) }
end
plain.finish
sdk.close
puts JSON.generate(sdkSeconds: seconds[:sdk].round(4), plainSeconds: seconds[:plain].round(4), calls: per_round * ROUNDS)
