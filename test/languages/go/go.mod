// The Go callers of the languages tier. The tests copy this module to a temporary folder and
// generate the two clients into it, as the packages openapigenerator and oapicodegen.
module emaildelivery.test/callers

go 1.24.0

require github.com/oapi-codegen/runtime v1.8.0

require (
	github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
