// The faithfulness contract (docs/faithfulness.md) as Redocly plugin rules: one rule per file in
// contract/rules/, run by Redocly's engine with the house rules on the split source (redocly.ts
// adds them to redocly.yaml's), and on in-memory documents: a bundle, or the variants built from one.
import {
  BaseResolver,
  createConfig,
  lintDocument,
  makeDocumentFromString,
  type NormalizedProblem,
  type Oas3Rule,
  type Plugin,
  type RawUniversalConfig,
} from '@redocly/openapi-core';
import { Area } from './contract/rules/area.ts';
import { ClosedWorld } from './contract/rules/closed-world.ts';
import { Document } from './contract/rules/document.ts';
import { ErrorResponse } from './contract/rules/error-response.ts';
import { OpenPayload } from './contract/rules/open-payload.ts';
import { OperationId } from './contract/rules/operation-id.ts';
import { Operations } from './contract/rules/same-operations.ts';
import { Overview } from './contract/rules/overview-rows.ts';
import { Prose } from './contract/rules/closed-prose.ts';
import { RequestPart } from './contract/rules/request-part.ts';
import { SharedParameters } from './contract/rules/shared-parameters.ts';
import { SuccessResponse } from './contract/rules/success-response.ts';
import type { FaithfulOptions } from './contract/view.ts';

/** The contract's rules by name, in the order docs/faithfulness.md lists them. */
export const faithfulRules = {
  'faithful/operations': Operations,
  'faithful/operation-id': OperationId,
  'faithful/area': Area,
  'faithful/success-response': SuccessResponse,
  'faithful/error-response': ErrorResponse,
  'faithful/request-part': RequestPart,
  'faithful/shared-parameters': SharedParameters,
  'faithful/open-payload': OpenPayload,
  'faithful/document': Document,
  'faithful/overview': Overview,
  'faithful/closed-world': ClosedWorld,
  'faithful/prose': Prose,
} satisfies Record<string, Oas3Rule>;

export type FaithfulRule = keyof typeof faithfulRules;

/** The plugin, its rules named as the engine reports them (`faithful/...`). */
export const faithfulPlugin: Plugin = { id: 'faithful', rules: { oas3: faithfulRules } };

/** Every rule of the contract switched on, with `options`. */
export function faithfulRuleSettings(
  options: FaithfulOptions = {},
  only: readonly FaithfulRule[] = Object.keys(faithfulRules) as FaithfulRule[],
): NonNullable<RawUniversalConfig['rules']> {
  return Object.fromEntries(only.map((rule) => [rule, { severity: 'error', ...options }]));
}

/**
 * The rules that hold a variant built from a bundle (the texts are the bundle's, held there):
 * everything but the prose and the overview.
 */
const variantRules = (Object.keys(faithfulRules) as FaithfulRule[]).filter((rule) => !/^faithful\/(prose|overview)/.test(rule));

/** Lints an in-memory document (a bundle, or a variant built from one) with the contract's rules only. */
export async function lintFaithful(
  document: unknown,
  variant: NonNullable<FaithfulOptions['variant']> = 'bundle',
  rules: readonly FaithfulRule[] = variant === 'bundle' ? (Object.keys(faithfulRules) as FaithfulRule[]) : variantRules,
): Promise<NormalizedProblem[]> {
  const config = await createConfig({ rules: faithfulRuleSettings({ variant }, rules) }, { plugins: [faithfulPlugin] });
  const source = makeDocumentFromString(JSON.stringify(document, null, 2), `/in-memory/openapi-${variant}.json`);
  return lintDocument({ document: source, config, externalRefResolver: new BaseResolver() });
}
