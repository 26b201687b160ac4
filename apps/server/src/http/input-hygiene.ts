/**
 * What every request's input must satisfy before any schema or handler sees it:
 * no NUL character and no lone UTF-16 surrogate in any string or key (PostgreSQL refuses both in
 * text and jsonb, so they would surface as a server error, or break the operation-log row of an
 * action that already happened), and nesting no deeper than any form of ours needs. Unknown keys
 * are checked too: validation strips them, but the audit summary and the log see the raw body.
 */
export const inputLimits = {
  /** Our deepest request is a list of filter objects holding arrays: 4 levels. 32 leaves room. */
  maxDepth: 32,
};

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const badText = (s: string): string | null => {
  if (s.includes('\u0000')) return '不能包含空字符（\\u0000）';
  if (loneSurrogate.test(s)) return '包含无效的字符编码';
  return null;
};

/**
 * The first problem of a request's input, in Chinese, naming where it is; null when clean.
 * Iterative, so a 20,000-deep body costs a loop and not the stack.
 */
export const inputProblem = (input: unknown): string | null => {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = badText(value);
      if (problem) return path ? `${problem}（字段：${path}）` : problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= inputLimits.maxDepth) return `请求内容嵌套过深（最多${inputLimits.maxDepth}层）`;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, v] of entries) {
      const problem = badText(key);
      if (problem) return `字段名${problem}`;
      stack.push({ value: v, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
};
