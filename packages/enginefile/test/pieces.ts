/** Text pieces shared by the property tests' generators: blanks, line ends, escapes and quotes. */
export const BLANKS_ESCAPES_QUOTES = [" ", "\t", "\n", "\r\n", "\\", "\\\n", "`", "'", '"'];
