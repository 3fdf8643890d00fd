// `npm run verify`: checks a running service against the description, GET requests only unless told
// otherwise (scripts/verify/verify.ts). Its definition (usage, parser, `--help`) is verifyCommand
// in scripts/verify/verify-options.ts.
import { type CommandIo, commandLine } from '../command-line.ts';
import { openProject } from '../project.ts';
import { verify } from '../verify/verify.ts';
import { verifyCommand } from '../verify/verify-options.ts';

export const definition = verifyCommand;

export async function run(args: string[], io: CommandIo): Promise<number> {
  // --help ends here; everything else, bad usage included, is verify's own (one line, exit 2, nothing sent).
  if (args.includes('--help') || args.includes('-h')) {
    const parsed = commandLine(verifyCommand, args, io);
    if (typeof parsed === 'number') return parsed;
  }
  return verify(openProject(io.root), args, io);
}
