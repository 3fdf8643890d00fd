// The rule of what a credential's echo is, for the code generators of every stage: a header value's
// secrets shorter than `shortestEchoedSecret` are not looked for in what a service sends. The SDK
// writers (scripts/languages/) write it into each SDK's constants. The typed client's runtime
// (scripts/pipeline/client-runtime.ts) holds the same value itself: it is copied alone into the
// package and imports nothing of scripts/ (test/unit/scripts-layout.test.ts holds the two equal).

/**
 * Values shorter than this are not looked for in what a service sends: they would mark ordinary
 * words. The one rule of the client, the MCP server, verify and the SDKs.
 */
export const shortestEchoedSecret: number = 4;
