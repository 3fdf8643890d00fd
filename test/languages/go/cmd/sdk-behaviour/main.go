// The Go SDK's own behaviour, as the package test (test/languages/go/package-checks.ts) checks it
// against a recording server: one program of the committed SDK (one link, not one per check), its
// first argument the check (printed, post-once, call-options), its second the server's base URL.
package main

import (
	"fmt"
	"os"
)

func main() {
	checks := map[string]func(url string){"printed": printed, "post-once": postOnce, "call-options": callOptions}
	if len(os.Args) != 3 || checks[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: sdk-behaviour printed|post-once|call-options <base URL>")
		os.Exit(2)
	}
	checks[os.Args[1]](os.Args[2])
}
