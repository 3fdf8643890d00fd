// The bounds recorded traffic is read and learned within, in bytes, counts and time: traffic is
// untrusted (a capture of someone else's service, a log a gateway wrote), so nothing it holds may
// take unbounded time or memory. Each is checked before the read or the step it bounds. The
// traffic's volume has no bound: it is read in chunks, and memory holds what is kept (below), not
// what was read; time is the bound of the reading, which then stops and learns from what it read.

export const learnLimits = {
  /** Files read from a folder given as --traffic. */
  files: 1000,
  /** One exchange (a HAR entry, a log line) as JSON text: a larger one is counted and skipped, never held whole. */
  recordBytes: 8 * 1024 * 1024,
  /** One body, decoded: a larger one is not parsed (counted as too large). */
  bodyBytes: 4 * 1024 * 1024,
  /** The reading's time bound by default, in seconds (--time-limit): past it, the reading stops and what was read is learned. */
  seconds: 120,
  /** The largest --time-limit and --sample. */
  maxSeconds: 86_400,
  maxSample: 1_000_000,
  /** How deep a body's values are learned; below it a value is left open. */
  depth: 12,
  /** Fields of one object: past it, the object is taken to be a map whose keys are values. */
  fields: 200,
  /** Fields written for one body (an operation's success, error or request body), all depths together, in name order depth first. */
  bodyFields: 500,
  /**
   * Places a body's fields are learned at while reading, all depths together, each counted as the
   * traffic shows it (an object keyed by values as one): past it, the deepest level learned is
   * left open, until they fit. More than bodyFields, so that what is written is the same.
   */
  bodyPlaces: 2000,
  /** Headers and query parameters of one request that are read. */
  parameters: 200,
  /** Query parameters, and header parameters, learned for one operation: the first in code-unit order, the rest counted. */
  operationParameters: 50,
  /** Distinct things of one kind kept for the report per place (media types, cookies, credentials' combinations), the rest counted. */
  kept: 20,
  /** Notes printed of one kind per place (dropped names, maps, places left open): the rest as "and N more". */
  notes: 20,
  /** Nesting of the traffic file's own JSON around its exchanges (a HAR's `log.entries` is 3). */
  framingDepth: 64,
  /** Distinct unmatched (method, path) pairs kept for the report. */
  unmatchedKept: 10_000,
};
