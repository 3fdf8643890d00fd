# frozen_string_literal: true

# What the generated methods tell the runtime of their operation (operations.rb holds one record
# per operation, made from the runtime spec's operation record), and what `client.with_response`
# returns of a 2xx answer.
module EmailDeliveryApi
  # A parameter not in the path: its name on the wire, where it goes (query, header, cookie), its
  # style and explode, and whether a call must give it.
  Parameter = Struct.new(:name, :location, :style, :explode, :required, keyword_init: true)

  # One operation: its operationId, method and path template; its path parameters' names in order;
  # its other parameters; whether it takes a body (:none, :optional, :required); its success status;
  # what a 2xx body is read as (nil: any JSON value; :object: a JSON object, a Hash; a Model class);
  # and the header of its idempotency key, as an overlay declares it on a POST or PATCH, or nil.
  Operation = Struct.new(:id, :http_method, :path, :path_names, :parameters, :body, :success, :into, :idempotency_key, keyword_init: true)

  # A 2xx answer, as `client.with_response.<method>` returns it: its status, its headers (names in
  # lower case, a repeated one's values joined by ", ", as UTF-8 text) and its decoded body.
  Response = Struct.new(:status, :headers, :body, keyword_init: true)
end
