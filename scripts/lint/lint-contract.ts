// The lint's third stage: the faithfulness contract (contract/) on the bundle, each breach turned
// into a problem at the source file and line it comes from, like Redocly's and Spectral's.
import type { Json } from '../openapi-document.ts';
import type { Project } from '../project.ts';
import { contractBreaches } from './contract/contract.ts';
import type { ContractRule } from './contract/rules.ts';

export interface ContractProblem {
  rule: ContractRule;
  message: string;
  /** Where in the bundle: a JSON pointer. */
  pointer: string;
  /** Where in the source, relative to the project's root. */
  file: string;
  line: number;
  col: number;
}

/** The contract's breaches by `bundle`, built from `project`, each at its source line. */
export async function lintContract(project: Project, bundle: Json): Promise<ContractProblem[]> {
  const breaches = contractBreaches(bundle);
  if (breaches.length === 0) return [];
  // Loaded only when there is a breach to locate: it brings a YAML parser with line numbers.
  const { sourceLocator } = await import('./source-location.ts');
  const locate = sourceLocator(project);
  return breaches.map(({ rule, pointer, message, text }) => ({
    rule,
    pointer,
    // A sentence names where it is; any other breach says which node of the bundle it is about.
    message: text === undefined ? `${message} (at ${pointer})` : message,
    ...locate(pointer, text),
  }));
}
