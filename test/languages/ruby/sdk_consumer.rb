# frozen_string_literal: true

# A program that uses the Ruby SDK as an application would, from the gem installed (no load path of
# the repository's): it calls every operation once, by its method, against each base URL given as
# an argument in turn, and prints one line per call: the operationId, then "ok" or the error's class
# and text (after a first line naming the gem's folder it loaded), and `--` after each URL's calls.
# test/languages/ruby/package-checks.ts runs it against a recording server that checks each request
# with the description; its arguments are test/support/sdk-package.ts' consumerArguments.
require 'email_delivery_api'

ID = 'id 1/é'
PAIRS = { 'name' => 'value', 'two words' => 'a&b' }.freeze
BODY = { 'any' => 1 }.freeze

CALLS = {
  'listScopes' => ->(c) { c.list_scopes },
  'getApiKey' => ->(c) { c.get_api_key(query: PAIRS) },
  'listUnsubscribeGroups' => ->(c) { c.list_unsubscribe_groups },
  'getUnsubscribeGroup' => ->(c) { c.get_unsubscribe_group(ID) },
  'replaceUnsubscribeGroup' => ->(c) { c.replace_unsubscribe_group(ID, body: BODY) },
  'deleteUnsubscribeGroup' => ->(c) { c.delete_unsubscribe_group(ID) },
  'getInboundWebhook' => ->(c) { c.get_inbound_webhook(ID) },
  'getAccessibilityResult' => ->(c) { c.get_accessibility_result(ID) },
  'getLinkValidation' => ->(c) { c.get_link_validation },
  'listSubaccountEngagementScores' => ->(c) { c.list_subaccount_engagement_scores },
  'deleteVerifiedSender' => ->(c) { c.delete_verified_sender(ID) },
  'exportContacts' => ->(c) { c.export_contacts },
  'sendBatch' => ->(c) { c.send_batch(ID, body: BODY) },
  'replaceLinkBranding' => ->(c) { c.replace_link_branding(ID, body: BODY) },
  'listDelayReasonMetrics' => ->(c) { c.list_delay_reason_metrics },
  'getIntegration' => ->(c) { c.get_integration(ID) },
  'getFooterSetting' => ->(c) { c.get_footer_setting },
  'deleteMessage' => ->(c) { c.delete_message(ID) },
  'getMessageStatus' => ->(c) { c.get_message_status(query: PAIRS) },
  'updateUserPassword' => ->(c) { c.update_user_password(body: BODY) },
  'getReputationScore' => ->(c) { c.get_reputation_score },
  'deleteIntegrations' => ->(c) { c.delete_integrations },
  'getMailSettings' => ->(c) { c.get_mail_settings },
  'listCustomFields' => ->(c) { c.list_custom_fields },
  'getEnforcedTlsSetting' => ->(c) { c.get_enforced_tls_setting },
  'deleteWebhook' => ->(c) { c.delete_webhook(ID) },
  'listWebhooks' => ->(c) { c.list_webhooks },
  'getQuotaHistory' => ->(c) { c.get_quota_history },
  'listQuotas' => ->(c) { c.list_quotas }
}.freeze

# Where the SDK came from: the gem's folder.
puts "loaded #{Gem.loaded_specs.fetch('email_delivery_api').full_gem_path}"
ARGV.each do |base_url|
  client = EmailDeliveryApi::Client.new(base_url, headers: { 'X-Api-Key' => 'consumer-key' })
  CALLS.each do |operation, call|
    call.call(client)
    puts "#{operation} ok"
  rescue EmailDeliveryApi::Error => e
    puts "#{operation} #{e.class.name} #{e.message}"
  end
  client.close
  puts '--'
end
