// faithful/operation-text: a summary in sentence case, in plain words, without a trailing period
// (its words are faithful/prose's; the description's number is its wording's).
import { operationRule } from '../view.ts';

export const OperationText = operationRule(({ operation, at }, view) => {
  // Plain words: a summary becomes a heading, a link's text and a search entry in the docs and
  // the Markdown reference, where brackets, pipes or backticks would be Markdown.
  if (!/^[A-Z][A-Za-z -]*[A-Za-z]$/.test(operation.summary ?? ''))
    view.report(at('summary'), 'the summary is in sentence case, in plain words (letters, spaces, hyphens), with no trailing period');
});
