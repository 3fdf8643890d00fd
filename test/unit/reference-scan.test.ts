// The source boundary's `$ref` scan (scripts/lint/reference-scan.ts): where each reference of a
// file's text stands, in block and flow style, quoted or not, with its comment apart; a value over
// the limit is set apart with its place instead of being read to its end.
import { describe, expect, it } from 'vitest';
import { scanReferences } from '../../scripts/lint/reference-scan.ts';

const found = (text: string, maxLength = 1024) => {
  const { references, tooLong } = scanReferences(text, maxLength);
  return { references: references.map(({ value, line, col }) => `${line}:${col} ${value}`), tooLong: tooLong.map(({ line, col }) => `${line}:${col}`) };
};

describe('the $ref scan', () => {
  it.each([
    ['a block reference', 'schema:\n  $ref: ../x.yaml\n', ['2:9 ../x.yaml']],
    ['a comment after it', '  $ref: ../x.yaml # the body\n', ['1:9 ../x.yaml']],
    ['a pointer with # in it', '  $ref: ../x.yaml#/components/a\n', ['1:9 ../x.yaml#/components/a']],
    ['flow style, two on a line', '{ a: {$ref: a.yaml}, b: {$ref: "b.yaml"} }\n', ['1:13 a.yaml', '1:32 b.yaml']],
    ['a quoted key and an escaped value', `"$ref": "c\\u002eyaml"\n'$ref': 'it''s.yaml'\n`, ['1:9 c.yaml', "2:9 it's.yaml"]],
    ['CRLF line ends', '$ref: a.yaml\r\n$ref: b.yaml\r\n', ['1:7 a.yaml', '2:7 b.yaml']],
    // As the scan it replaced did (tested against it): `$ref: ` after a space inside a value counts too.
    ['not another key or a longer word, but `$ref:` after a space in a value', 'x$ref: a.yaml\n$reference: b\ndescription: see $ref: c\n', ['3:24 c']],
  ])('finds %s', (_name, text, want) => {
    expect(found(text)).toEqual({ references: want, tooLong: [] });
  });

  it('sets a value over the limit apart, at its place, whatever the line holds after it', () => {
    expect(found(`x: 1\n  $ref: a${' '.repeat(60_000)}b\n`)).toEqual({ references: [], tooLong: ['2:9'] });
    expect(found(`$ref: "${'a'.repeat(2000)}"\n`)).toEqual({ references: [], tooLong: ['1:7'] });
    expect(found('$ref: abcdef\n', 5)).toEqual({ references: [], tooLong: ['1:7'] });
    expect(found('$ref: abcde\n', 5)).toEqual({ references: ['1:7 abcde'], tooLong: [] });
  });
});
