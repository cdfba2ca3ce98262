import { dump, parse } from "../src/index.js";

/**
 * The reference dump of `text` with blank runs collapsed (the dump writes a tab as `\t`): the instructions'
 * words, whatever blanks separate them. Formatting re-indents shell continuation lines outside quotes, which
 * the reference keeps in the command string; the words stay the same.
 */
export function instructionWords(text: string): string {
  return dump(parse(text)).replace(/(?:[ \t]|(?<!\\)\\t)+/g, " ");
}
