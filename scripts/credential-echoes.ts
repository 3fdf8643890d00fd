// The rule of what a credential's echo is, for the code generators of every stage: a header value's
// secrets shorter than `shortestEchoedSecret` are not looked for in what a service sends. The Python
// and Go writers (scripts/languages/) write it into their SDK's constants. The typed client's runtime
// (scripts/pipeline/client-runtime.ts) holds the same value itself: it is copied alone into the
// package, with only the runtime spec's data written in for its import (test/unit/scripts-layout.test.ts
// holds the two equal).

/**
 * Values shorter than this are not looked for in what a service sends: they would mark ordinary
 * words. The one rule of the client, the MCP server, verify and the SDKs.
 */
export const shortestEchoedSecret: number = 4;
