// One definition per command gives its parser and its --help: a table of definitions and the
// usage line, the parse, or the one-line refusal each must give (with Node's hint, if any, on lines of its own).
import { describe, expect, it } from 'vitest';
import { type CommandDefinition, CommandLineError, helpText, npmTookOptions, parseCommandLine } from '../../scripts/command-line.ts';

const command: CommandDefinition = {
  name: 'try',
  summary: 'A command for the test.',
  positionals: { usage: '<ref>', max: 1, description: 'a ref' },
  options: {
    out: { type: 'string', value: '<folder>', required: true, description: 'where it goes' },
    format: { type: 'string', value: 'text|markdown', choices: ['text', 'markdown'], default: 'text', description: 'the format' },
    runs: { type: 'string', value: '<n>', integer: { min: 1, max: 9 }, description: 'how many' },
    gate: { type: 'boolean', description: 'gate it' },
  },
  examples: ['npm run try -- --out x'],
  exits: [
    [0, 'done'],
    [2, 'bad arguments'],
  ],
};

describe('helpText', () => {
  it('shows a required option without brackets, the others in brackets, then the options, an example and the exit codes', () => {
    const text = helpText(command);
    expect(text.split('\n')[0]).toBe('usage: npm run try -- [<ref>] --out <folder> [--format text|markdown] [--runs <n>] [--gate]');
    expect(text).toContain('  --format text|markdown  the format (default: text)\n');
    expect(text).toMatch(/\nexample:\n {2}npm run try -- --out x\n/);
    expect(text).toMatch(/\nexit codes:\n {2}0 +done\n {2}2 +bad arguments\n$/);
  });

  it('shows a positional the command needs (positionals.min) without brackets', () => {
    const needed = { ...command, positionals: { usage: 'vX.Y.Z', min: 1, max: 1, description: 'a tag' }, options: {} };
    expect(helpText(needed).split('\n')[0]).toBe('usage: npm run try -- vX.Y.Z');
    expect(() => parseCommandLine(needed, [], {})).toThrow(new CommandLineError('try: vX.Y.Z is required: see `npm run try -- --help`'));
    expect(parseCommandLine(needed, ['v1.0.0'], {}).positionals).toEqual(['v1.0.0']);
  });
});

describe('parseCommandLine', () => {
  it('gives the values and the positionals', () => {
    const parsed = parseCommandLine(command, ['v1', '--out', 'x', '--runs', '3', '--gate'], {});
    expect(parsed).toMatchObject({ positionals: ['v1'], help: false, values: { out: 'x', runs: '3', gate: true, format: 'text' } });
  });

  it.each([
    [['--nope'], "try: Unknown option '--nope': see `npm run try -- --help`"],
    [['--fromat', 'markdown'], "try: Unknown option '--fromat' (did you mean '--format'?): see `npm run try -- --help`"],
    [['--gates'], "try: Unknown option '--gates' (did you mean '--gate'?): see `npm run try -- --help`"],
    [['--out'], "try: Option '--out <value>' argument missing: see `npm run try -- --help`"],
    [['--out', 'x', '--format', 'xml'], 'try: --format "xml": give one of text, markdown: see `npm run try -- --help`'],
    [['--out', 'x', '--runs', '10'], 'try: --runs "10": give a whole number from 1 to 9: see `npm run try -- --help`'],
    [['a', 'b', '--out', 'x'], 'try: unexpected argument "b": see `npm run try -- --help`'],
    [[], 'try: --out <folder> is required: see `npm run try -- --help`'],
  ])('%j: one line naming the option, pointing at --help', (args, line) => {
    expect(() => parseCommandLine(command, args, {})).toThrow(new CommandLineError(line));
  });

  // Found by the second new-user trial: `npm run verify --base-url http://x` (no `--`) said only "unexpected argument".
  describe('options npm took as its own (no -- after the script name)', () => {
    it('are named, with the command to type instead, on a line of their own', () => {
      expect(() => parseCommandLine(command, ['some-folder'], { npm_lifecycle_event: 'try', npm_config_out: 'true' })).toThrow(
        new CommandLineError(
          "try: --out <folder> is required: see `npm run try -- --help`\n  npm took --out as its own: put -- before the command's options, `npm run try -- --out ...`",
        ),
      );
    });

    it("are not named when npm ran another script, or took none of this command's options", () => {
      expect(npmTookOptions(command, { npm_lifecycle_event: 'test', npm_config_out: 'true' })).toBe('');
      expect(npmTookOptions(command, { npm_lifecycle_event: 'try', npm_config_loglevel: 'silent' })).toBe('');
    });
  });

  it("a value that starts with a dash: Node's hint on lines of their own, never a line break shown as \\u000a", () => {
    expect(() => parseCommandLine(command, ['--out', 'x', '--runs', '-1'], {})).toThrow(
      new CommandLineError(
        [
          "try: Option '--runs' argument is ambiguous: see `npm run try -- --help`",
          "  Did you forget to specify the option argument for '--runs'?",
          "  To specify an option argument starting with a dash use '--runs=-XYZ'.",
        ].join('\n'),
      ),
    );
  });

  it('a line break or control character in an argument Node quotes: escaped, on the one line', () => {
    expect(() => parseCommandLine(command, ['--out', 'x', '--no\nsuch\u001b[2J'], {})).toThrow(
      new CommandLineError("try: Unknown option '--no\\u000asuch\\u001b[2J': see `npm run try -- --help`"),
    );
  });

  it('a line break in a short-option group, which Node quotes in part: escaped, on the one line', () => {
    const error = (() => {
      try {
        parseCommandLine(command, ['--out', 'x', '-h\nX'], {});
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error('accepted');
    })();
    expect(error.message.split('\n')).toHaveLength(1);
    expect(error.message).toMatch(/^try: Unknown option '-\\u000a'/);
  });
});
