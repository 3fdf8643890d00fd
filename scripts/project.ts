// Where things are. Every script takes its paths from here, relative to this checkout, so a
// temporary copy of the repository builds and checks itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sourceEntry = path.join(root, 'openapi', 'openapi.yaml');
export const generatedDir = path.join(root, 'generated');
export const redoclyConfigFile = path.join(root, 'redocly.yaml');
export const spectralRulesetFile = path.join(root, '.spectral.yaml');

/** A path as the user should read it in a message: relative to the checkout. */
export function shown(file: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
}

/** A step failed for a reason the message already names (file, line, rule); no stack trace needed. */
export class ReportedError extends Error {}
