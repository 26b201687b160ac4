// Whole words of Chinese text, as the rule engine and the quality rules match them.

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
/** The text's words (Node's ICU dictionary segments Chinese), punctuation left out. */
export const wordsOf = (text: string): string[] =>
  [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);

/** Whether the words hold the keyword as whole words (a keyword of several words in a row). */
export const holds = (words: readonly string[], keyword: string) => {
  const wanted = wordsOf(keyword);
  return words.some((_, i) => wanted.every((w, k) => words[i + k] === w));
};
