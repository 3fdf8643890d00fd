// Package report prints what a caller program saw of one call: the operationId, then the status
// the client received, or the error it returned. The languages tier compares these lines.
package report

import (
	"fmt"
	"net/http"
)

// Response reports a call that gives back the *http.Response (OpenAPI Generator's clients).
func Response(operationID string, response *http.Response, err error) {
	if err != nil {
		fmt.Printf("%s error %v\n", operationID, err)
		return
	}
	fmt.Printf("%s %d\n", operationID, response.StatusCode)
}

// Status reports a call that gives back a typed response with a StatusCode method (oapi-codegen's).
func Status(operationID string, response interface{ StatusCode() int }, err error) {
	if err != nil {
		fmt.Printf("%s error %v\n", operationID, err)
		return
	}
	fmt.Printf("%s %d\n", operationID, response.StatusCode())
}
