// The Go SDK's bench (bench.go), a module of its own: the committed SDK through a replace.
module emaildelivery.bench/sdk

go 1.22

require email-delivery-api/generated/sdk/go v0.0.0

replace email-delivery-api/generated/sdk/go => ../../../generated/sdk/go
