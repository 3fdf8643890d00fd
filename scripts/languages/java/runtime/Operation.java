// What a generated method tells the runtime of its operation: the operation record of the runtime
// spec (scripts/languages/runtime-spec.ts' SdkOperation), as Java.
package local.emaildelivery;

import java.util.List;

/**
 * One operation: its operationId, method, path template, the path parameters' names in the
 * template's order, its other parameters, its body (none, optional, required), and the header of its
 * idempotency key where a POST or PATCH declares one (null where not): such a call is retried as a
 * GET is, with one key on every attempt.
 */
record Operation(String id, String method, String path, List<String> pathNames, List<Parameter> parameters, String body, String idempotencyKey) {}
