/**
 * `FORMATTERS`: every output format by the name `--format` takes.
 */
import { formatCheckstyle } from "./checkstyle.js";
import type { Formatter } from "./format.js";
import { formatGithub } from "./github.js";
import { formatGitlab } from "./gitlab.js";
import { formatJson } from "./json.js";
import { formatJunit } from "./junit.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";

/** Every output format by name (`--format <name>[=<file>]`). */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  checkstyle: formatCheckstyle,
  junit: formatJunit,
  gitlab: formatGitlab,
};

/** The names of the output formats. */
export const FORMAT_NAMES = Object.keys(FORMATTERS);
