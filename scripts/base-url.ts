// A base URL that already ends in the first segment of the description's paths (https://host/v1
// when the paths are /v1/...) doubles it in every call (https://host/v1/v1/...): the commands that
// take a base URL warn, and still call what they were given (a service may really nest it).

/** The warning for `baseUrl`, or undefined when its last segment starts none of `paths`. */
export function doubledSegmentWarning(baseUrl: string, paths: Iterable<string>): string | undefined {
  const last = /\/([^/]+)\/*$/.exec(new URL(baseUrl).pathname)?.[1];
  if (last === undefined) return undefined;
  const firsts = new Set([...paths].map((path) => path.split('/')[1]));
  if (!firsts.has(last)) return undefined;
  return `the base URL ends in /${last}, and the description's paths start with /${last}/ already (calls go to .../${last}/${last}/...): give the part before /${last}`;
}
