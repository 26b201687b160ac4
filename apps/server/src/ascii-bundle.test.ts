import { isAscii } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { asciiSource } from '../../../scripts/build-server.mjs';

/** What a piece of code answers, run as the body of a function. */
const answerOf = (code: string) => new Function(code)() as unknown;

describe("the bundle's ASCII source (scripts/build-server.mjs)", () => {
  // Each program answers the same before and after, and is ASCII after: comments, strings, regular
  // expressions (with and without the u flag), identity escapes, escaped backslashes, ranges and
  // characters outside the basic plane. (A pattern's `source` text changes: nothing compares it.)
  const programs = [
    `// 中文注释：说明（括号）\nreturn '坐席' + "通话" + \`记录\${1}\`;`,
    `/** 套餐转移 — 文档注释 */\nreturn /^(\\d{4})[-/.年](\\d{1,2})[-/.月]$/.exec('2026年11月')?.slice(1);`,
    `return '（一）'.replace(/[（）]/g, '') + 'a（b'.replace(/\\（/g, '[');`,
    String.raw`return ['\\中'.replace(/\\中/g, 'x'), /\\\（/.test('\\（')];`,
    `return [/[一-龥]+/.exec('abc压测客户def')?.[0], /😀/u.test('😀'), /😀/.test('a😀'), '😀'.length];`,
    `return 'a，b、c'.split(/[,，、;；]/);`,
    // opus-decoder's WebAssembly: bytes as characters up to U+00FF in a String.raw template, where
    // a backslash, a dollar sign and a line end are part of the value.
    'const w = String.raw`dyn§\u00e9¸\\`x$1\n\u0089`; return [w, w.length, [...w].map((c) => c.charCodeAt(0))];',
  ];

  it('answers as the original and is ASCII', () => {
    for (const program of programs) {
      const escaped = asciiSource(program);
      expect(isAscii(Buffer.from(escaped))).toBe(true);
      expect(answerOf(escaped)).toEqual(answerOf(program));
    }
  });

  it('refuses a String.raw template with substitutions that holds characters outside ASCII', () => {
    // A substitution, written in two pieces so that this file's own strings hold none.
    const withSubstitution = (tail: string) => ['return String.raw`a$', `{1}${tail}\`;`].join('');
    expect(() => asciiSource(withSubstitution('§'))).toThrow(/String\.raw/);
    expect(asciiSource(withSubstitution('b'))).toBe(withSubstitution('b'));
  });

  it('leaves ASCII as it is', () => {
    const code = String.raw`const a = /\d+\\/g; // plain\nreturn 'x\u4e2d';`;
    expect(asciiSource(code)).toBe(code);
  });
});
