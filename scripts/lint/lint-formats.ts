// The output formats of the lint: a human report, or GitHub Actions annotations on a pull request.
export type LintFormat = 'stylish' | 'github-actions';
export const lintFormats: readonly LintFormat[] = ['stylish', 'github-actions'];
