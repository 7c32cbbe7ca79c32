/** A run of a text: plain, or a match of a pattern with what was made of it (a hashtag, a link). */
export type TextRun<Mark> = { text: string; mark?: Mark };

/** A text cut at each match of a global pattern into plain runs and the matches, each marked by `mark`. */
export function cutText<Mark>(text: string, pattern: RegExp, mark: (match: RegExpExecArray) => Mark): Array<TextRun<Mark>> {
  const runs: Array<TextRun<Mark>> = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: match[0], mark: mark(match) });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}
