// The lint of a description with overlays: the standard rules (Redocly's `recommended-strict`,
// Spectral's `spectral:oas`), not the house rules or the faithfulness contract, because the facts
// the overlays add are the user's. Each problem is put on the overlay action that touched the node
// it is about (or a node that node references), so the message names the overlay file and line.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { eachOperation, isRef, nodeAt, type OpenApiDocument, pointer, pointerSegments } from '../openapi-document.ts';
import { runSpectral } from '../lint/spectral.ts';
import { standardRuleset } from '../lint/spectral-ruleset.ts';
import type { AppliedAction } from './apply-overlay.ts';

/**
 * The rules redocly.yaml switches off because the interface document is silent there (its
 * "Switched off" section); they stay off with overlays, except `security-defined` once an overlay
 * declares a security scheme or requirement: then the part is no longer silent, every operation
 * must say what it needs, and every scheme it names must be declared.
 */
export const silentPartRules = ['info-license', 'info-license-strict', 'operation-4xx-response', 'security-defined'];

export interface OverlaidProblem {
  severity: 'error' | 'warning';
  linter: 'redocly' | 'spectral';
  rule: string;
  message: string;
  /** Where in the overlaid description, as a JSON pointer. */
  at: string;
  /** The action the problem is about, when one touched that node. */
  action?: AppliedAction;
}

/** Lints `document` (the description with overlays applied, as the text `json`) with the standard rules. */
export async function lintOverlaid(document: OpenApiDocument, json: string, applied: AppliedAction[]): Promise<OverlaidProblem[]> {
  const declaresSecurity =
    Object.keys(document.components?.securitySchemes ?? {}).length > 0 ||
    document.security !== undefined ||
    [...eachOperation(document)].some(({ operation }) => operation.security !== undefined);
  const rules = Object.fromEntries(silentPartRules.filter((rule) => !(declaresSecurity && rule === 'security-defined')).map((rule) => [rule, 'off']));
  const config = await createConfig({ extends: ['recommended-strict'], rules } as never);
  const [redocly, spectral] = await Promise.all([
    lintFromString({ source: json, absoluteRef: 'openapi.json', config }),
    runSpectral(standardRuleset(), json, 'openapi.json'),
  ]);
  const problems: OverlaidProblem[] = [
    ...redocly.map((problem) => ({
      severity: problem.severity === 'error' ? ('error' as const) : ('warning' as const),
      linter: 'redocly' as const,
      rule: problem.ruleId,
      message: problem.message,
      at: problem.location[0]?.pointer ?? '#',
    })),
    ...spectral
      .filter((diagnostic) => diagnostic.severity <= 1)
      .map((diagnostic) => ({
        severity: diagnostic.severity === 0 ? ('error' as const) : ('warning' as const),
        linter: 'spectral' as const,
        rule: String(diagnostic.code),
        message: diagnostic.message,
        at: pointer(...diagnostic.path),
      })),
  ];
  // A warning at a node no action touched is the description's own (e.g. \`info-contact\`), not the overlays'.
  return problems
    .map((problem) => ({ ...problem, action: actionAbout(document, problem.at, applied) }))
    .filter((problem) => problem.severity === 'error' || problem.action !== undefined);
}

/** Whether pointer `a` is `b` or inside it, segment by segment. */
const within = (a: string[], b: string[]) => b.every((segment, i) => a[i] === segment);

/** The last action that touched the node at `at`, something inside it or around it, or what a `$ref` there points to. */
export function actionAbout(document: OpenApiDocument, at: string, applied: AppliedAction[]): AppliedAction | undefined {
  const segments = pointerSegments(at);
  const node = nodeAt(document, at);
  const referenced = isRef(node) ? pointerSegments(node.$ref) : typeof node === 'string' && node.startsWith('#/') ? pointerSegments(node) : undefined;
  for (const candidate of [...applied].reverse()) {
    for (const touched of candidate.pointers.map(pointerSegments)) {
      if (within(segments, touched) || (segments.length > 0 && within(touched, segments))) return candidate;
      // What the `$ref` there points to: the action touched it, around it or inside it.
      if (referenced && (within(referenced, touched) || within(touched, referenced))) return candidate;
    }
  }
  return undefined;
}
