// How the PHP SDK's tests run PHP: with no php.ini (`-n`), so that no extension the SDK does not
// declare is loaded (a use of one fails the tests) and each process starts in a fraction of the
// time the machine's 28 extensions take; ext-curl added where this PHP builds it as a module.
import { execFileSync } from 'node:child_process';

let args: string[] | undefined;

/** The arguments before a script: `-n`, and `-d extension=curl` where curl is not built in. */
export function phpArgs(): string[] {
  args ??= ['-n', ...(execFileSync('php', ['-n', '-m'], { encoding: 'utf8' }).split('\n').includes('curl') ? [] : ['-d', 'extension=curl'])];
  return args;
}
