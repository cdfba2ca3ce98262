/**
 * Splits a command string into words as compose-go does for `command`, `entrypoint` and `healthcheck.test`
 * strings that become exec arrays (mattn/go-shellwords `Parse`: white space separates words; single quotes
 * keep everything; double quotes keep all but `\"`, `\\`, `\$`; a backslash outside quotes escapes the next
 * character). Returns undefined on an unterminated quote (go-shellwords: "invalid command line string").
 */
export function splitShellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else current += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) current += text[++i];
      else current += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < text.length) {
      current += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) return undefined;
  if (inWord) words.push(current);
  return words;
}
