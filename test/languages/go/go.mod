// The Go programs of the languages tier: the callers of the two generated clients (the tests copy
// this module to a temporary folder and generate them into it, as the packages openapigenerator and
// oapicodegen) and the programs that use the committed Go SDK (cmd/sdk-driver, cmd/sdk-consumer),
// through the replace below.
module emaildelivery.test/callers

go 1.24.0

require github.com/oapi-codegen/runtime v1.8.0

require email-delivery-api/generated/sdk/go v0.0.0

require (
	github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
)

replace email-delivery-api/generated/sdk/go => ../../../generated/sdk/go
