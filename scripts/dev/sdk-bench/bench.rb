# frozen_string_literal: true

# The Ruby SDK's cost per call against plain Net::HTTP, for `npm run bench` (bench-sdk.ts runs it
# against a loopback service; the target is the SDK at most 20 % slower per call, with its log off
# and with it on at INFO).
# Usage: ruby -I generated/sdk/ruby/lib bench.rb <base URL> <N>. Calls list_webhooks N times through
# the SDK's Client with no logger, N times through a Client given a Logger at INFO writing to the
# null device (as a production application has it: the SDK's debug lines filtered), and N times
# through one started, kept-alive Net::HTTP (the same GET, the status checked, the body decoded with
# JSON.parse), after a warm-up of each, in alternating rounds so that none runs only while the
# machine is busier; prints {"sdkSeconds": ..., "sdkInfoSeconds": ..., "plainSeconds": ..., "calls": N}.
require 'json'
require 'logger'
require 'net/http'
require 'email_delivery_api'

# Rounds of a few calls, each side in turn: a side's rounds and the next side's see the machine alike.
CALLS_PER_ROUND = 10
WARM_UP = 200

def timed(times, call)
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  times.times { call.call }
  Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
end

base_url, calls = ARGV
uri = URI("#{base_url.chomp('/')}/v1/webhooks")
sdk = EmailDeliveryApi::Client.new(base_url)
sdk_info = EmailDeliveryApi::Client.new(base_url, logger: Logger.new(File::NULL, level: Logger::INFO))
# No proxy from the environment, as the SDK takes none.
plain = Net::HTTP.start(uri.host, uri.port, nil)
sides = {
  sdk: -> { sdk.list_webhooks },
  sdkInfo: -> { sdk_info.list_webhooks },
  plain: lambda {
    response = plain.request(Net::HTTP::Get.new(uri))
    raise "plain: #{response.code}" unless response.code == '200'

    response.body.strip.empty? ? nil : JSON.parse(response.body)
  }
}
sides.each_value { |call| timed(WARM_UP, call) }
rounds = sides.transform_values { [] }
per_round = CALLS_PER_ROUND
round_count = [Integer(calls) / CALLS_PER_ROUND, 1].max
round_count.times do |round|
  # Each round starts one side further on (a, b, c; b, c, a; ...): every side runs in every place,
  # and none right after itself, whose warm caches a reversed order gave the first and last sides.
  sides.keys.rotate(round).each { |side| rounds[side] << timed(per_round, sides[side]) }
end
seconds = rounds.transform_values(&:sum)
plain.finish
sdk.close
sdk_info.close
puts JSON.generate(sdkSeconds: seconds[:sdk].round(4), sdkInfoSeconds: seconds[:sdkInfo].round(4),
                   plainSeconds: seconds[:plain].round(4), calls: per_round * round_count,
                   rounds: rounds.transform_values { |times| times.map { |took| took.round(6) } })
