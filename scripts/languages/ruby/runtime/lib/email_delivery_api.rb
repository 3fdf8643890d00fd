# frozen_string_literal: true

# The Ruby SDK of the Email Delivery Service API: EmailDeliveryApi::Client, one method per
# operation; the errors a call raises (EmailDeliveryApi::Error and its subclasses); the typed
# classes of the bodies whose schemas state their fields (EmailDeliveryApi::Models). The standard
# library only. Every option, error and guarantee: the README, and the project's docs/sdks.md.
require_relative 'email_delivery_api/spec'
require_relative 'email_delivery_api/errors'
require_relative 'email_delivery_api/error_kinds'
require_relative 'email_delivery_api/wire'
require_relative 'email_delivery_api/redaction'
require_relative 'email_delivery_api/operation'
require_relative 'email_delivery_api/model'
require_relative 'email_delivery_api/models'
require_relative 'email_delivery_api/operations'
require_relative 'email_delivery_api/deadline_io'
require_relative 'email_delivery_api/connection_pool'
require_relative 'email_delivery_api/caller'
require_relative 'email_delivery_api/client'
