// Characters a reader does not see as written: control characters (line breaks and tabs aside),
// line and paragraph separators (a line end to some readers and not to others), bidirectional
// overrides, and invisible ones a model still reads (zero-width characters, the soft hyphen,
// variation selectors, Unicode tag characters). One set for every text the project takes from
// someone else: an overlay's texts, CHANGELOG.md, a service's answers to the MCP server.

/** One such character, at its first place in a text. */
export const invisibleCharacter =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching these characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

/** The character as `U+XXXX`. */
export const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
