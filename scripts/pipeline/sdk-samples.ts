// x-codeSamples in the SDKs' languages: for every operation, a call through each SDK, as its
// language's entry in scripts/languages/languages.ts writes it (each language's `<lang>-sample.ts`),
// from the same facts as the TypeScript and curl samples (code-samples.ts); and the Go module path
// the Go samples import. The languages tier checks every sample against the committed SDKs.
import type { Operation } from '../bundle-operations.ts';
import { goModulePath } from '../languages/go/go-sdk.ts';
import { sdkLanguages } from '../languages/languages.ts';
import type { SdkSampleFacts } from '../languages/sample-values.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { type Project, repositoryUrl } from '../project.ts';

export type { SdkSampleFacts } from '../languages/sample-values.ts';

/** The Go SDK's module path for `project`'s description `document`, as `npm run sdk` names it (package.json's `repository`). */
export const goModuleOf = (project: Pick<Project, 'root'>, document: OpenApiDocument): string =>
  goModulePath(repositoryUrl(project), String(document.info?.version ?? '0.0.0'));

/** One SDK language's samples: its fence in the Markdown reference and its `lang` in x-codeSamples, its label, and its sample of an operation. */
export interface SampleLanguage {
  lang: string;
  label: string;
  sample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string;
}

/** The SDKs' samples, in the order the docs show them (after TypeScript, before curl): each language's, as its entry in scripts/languages/languages.ts gives it. */
export const sampleLanguages: readonly SampleLanguage[] = sdkLanguages.map((language) => ({
  lang: language.name,
  label: language.label,
  sample: language.sample,
}));
