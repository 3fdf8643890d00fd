// Text from the description (or any file of a pull request) as it may be shown to a reviewer:
// escaped for the medium it is printed into, so that a value cannot rewrite the screen, forge a
// workflow command or open Markdown and HTML constructs.
import { invisibleCharacter } from './invisible-characters.ts';

/**
 * Control and bidirectional-override characters, which can move a terminal's cursor or reorder what
 * a reader sees, and the characters a reader does not see at all (zero-width ones, the soft hyphen,
 * variation selectors, Unicode tag characters: invisible-characters.ts), which hide what a line holds.
 */
const unsafeInTerminal = new RegExp(`[\\u000a-\\u001f]|${invisibleCharacter.source}`, 'gu');

/** One line for a terminal: every control or invisible character shown as its `\uXXXX` (or `\u{XXXXX}`) escape. */
export function forTerminal(text: string): string {
  return text.replace(unsafeInTerminal, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Text of several lines for a terminal, as lines: each line escaped as forTerminal escapes it, so
 * that a line break separates lines and nothing else moves the cursor. Only for text whose line
 * breaks its author meant (Node's messages, a log read line by line), never for a value quoted in it.
 */
export function forTerminalLines(text: string): string[] {
  return text.split(/\r?\n/).map(forTerminal);
}

/** The message of a GitHub Actions workflow command (`::error ...::message`), on one line. */
export function forAnnotationMessage(text: string): string {
  return forTerminal(text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A'));
}

/** A property of a GitHub Actions workflow command (`file=`, `title=`). */
export function forAnnotationProperty(text: string): string {
  return forAnnotationMessage(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/**
 * Inline Markdown text (inside a line, never at its start): no HTML or comment, emphasis, link,
 * code span or table cell can start inside it, and it stays on one line.
 */
export function forMarkdown(text: string): string {
  return forTerminal(text).replace(/[\\`*_[\]<>|~&]/g, (char) => `\\${char}`);
}

/** Text for an HTML element's content or a quoted attribute: no tag, entity or attribute can start inside it. */
export function forHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A TypeScript (and JavaScript) string literal in single quotes, as Prettier writes one, that holds
 * `text` whatever it holds: quotes, backslashes, line breaks and U+2028/U+2029 escaped.
 */
export function forTypeScriptString(text: string): string {
  const escaped = JSON.stringify(text)
    .slice(1, -1)
    .replaceAll('\\"', '"')
    .replaceAll("'", "\\'")
    .replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
  return `'${escaped}'`;
}
