/**
 * Variables an instruction may use without declaring them in the file: the predefined proxy build
 * arguments (Dockerfile reference, "Predefined ARGs") and the environment almost every base image sets.
 * A base image's ENV is invisible offline (docker/buildx#2751, lint-anchors §5), so the variable rules
 * accept these rather than guess.
 */
export const WELL_KNOWN_VARIABLES: ReadonlySet<string> = new Set([
  "HTTP_PROXY",
  "http_proxy",
  "HTTPS_PROXY",
  "https_proxy",
  "FTP_PROXY",
  "ftp_proxy",
  "NO_PROXY",
  "no_proxy",
  "ALL_PROXY",
  "all_proxy",
  "PATH",
  "HOME",
  "HOSTNAME",
  "TERM",
  "LANG",
  "LC_ALL",
  "PWD",
  "USER",
  "SHELL",
]);
