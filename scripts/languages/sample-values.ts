// What every code sample of the docs shows in the same words and values, whatever its language
// (scripts/pipeline/code-samples.ts: TypeScript and curl; each SDK language's <lang>-sample.ts
// here, which scripts/pipeline/sdk-samples.ts lists): the width a line may have, what stands for a
// credential and for an id, and the placeholder of a field's or a parameter's type.
import type { BodyField } from '../bundle-operations.ts';
import type { ParameterRule } from '../parameters.ts';

/**
 * The characters a line of a sample may have: what Redoc's sample panel shows without scrolling
 * at a 1280-pixel-wide window (a 400 px panel with 20 px of padding a side: 53 characters scrolled
 * by 3 px in Chromium). The samples are laid out to fit; the tests check every line, and the panel
 * itself in a browser.
 */
export const sampleLineWidth = 52;

/** What stands for a credential in a sample. */
export const credentialPlaceholder = 'your credential';

/** What a sample's comment says of a path parameter whose type an overlay does not state. */
export const unstatedPathType = 'type and format not specified';

/** A value for a sample: the one the schema states or bounds (an overlay's default, enum, example, minimum), else a placeholder of its type. */
export function placeholder(field: BodyField): unknown {
  if (field.sample !== undefined) return field.sample;
  const values: Record<string, unknown> = { string: 'text', integer: 0, number: 0, boolean: false, array: [], object: {} };
  return field.type !== undefined && field.type in values ? values[field.type] : null;
}

/** A value of a parameter's schema, for a sample: a placeholder of its type, in its shape. */
export function parameterValue(parameter: ParameterRule): unknown {
  const value = placeholder({ name: parameter.name, type: parameter.type, sample: parameter.sample });
  if (parameter.shape === 'array') return [value];
  return parameter.shape === 'object' ? { name: value } : value;
}

/** What the samples of an operation need beyond it: its credentials' headers, its body's required fields, its path parameters' types. */
export interface SdkSampleFacts {
  schemes: { header: string; bearer: boolean }[];
  body: { declared: boolean; required: { name: string; value: unknown }[] };
  pathTypes?: Record<string, string>;
  /** The Go SDK's module path (go-sdk.ts' goModulePath). */
  goModule: string;
}

/** A comment's words for a path parameter's type. */
export const pathComment = (facts: SdkSampleFacts, name: string): string => facts.pathTypes?.[name] ?? unstatedPathType;
