#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml at the repository root). Reads its inputs from INPUT_*
# variables (action.yml maps them), runs `enginekit lint` with annotations (`--format github`, on stdout,
# which the runner turns into annotations) and a SARIF log, and writes `exit-code` and `sarif-file` to
# $GITHUB_OUTPUT. It exits 0 when lint ran, whatever it found, so the SARIF upload step still runs; the
# action's last step exits with lint's code. It exits 2 itself for a bad input, and with npm's code when
# enginekit cannot be installed.
#   INPUT_PATHS              files or folders, separated by spaces or new lines (default .)
#   INPUT_CONFIG             an .enginekit.yaml for every file (default: the nearest one upward)
#   INPUT_FAILURE_THRESHOLD  error | warning | info | style | none (default info)
#   INPUT_SARIF_FILE         where to write SARIF (empty: none)
#   INPUT_VERSION            npm package spec of enginekit: a version, tarball path or URL (default: the action's version)
set -uo pipefail

fail() { echo "::error title=enginekit action::$*"; exit 2; }

threshold=${INPUT_FAILURE_THRESHOLD:-info}
case "$threshold" in error | warning | info | style | none) ;; *) fail "failure-threshold must be error, warning, info, style or none, not \"$threshold\"" ;; esac
read -r -d '' -a paths <<<"${INPUT_PATHS:-.}"
[ "${#paths[@]}" -gt 0 ] || paths=(.)

# Which enginekit: the action's own version unless `version` names another; one already on PATH is used
# when it is that version, otherwise npm installs it into the runner's temporary folder.
action_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
version=${INPUT_VERSION:-}
[ -n "$version" ] || version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$action_dir/packages/cli/package.json")
case "$version" in */* | *.tgz) spec=$version ;; *) spec="enginekit@$version" ;; esac
enginekit=
if command -v enginekit >/dev/null 2>&1 && [ "$(enginekit --version 2>/dev/null)" = "$version" ]; then
  enginekit=$(command -v enginekit)
else
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/enginekit-action"
  echo "::group::npm install --global $spec"
  npm install --global --prefix "$prefix" --no-audit --no-fund "$spec" || exit $?
  echo "::endgroup::"
  enginekit="$prefix/bin/enginekit"
fi

args=(lint --failure-threshold "$threshold" --format github)
[ -z "${INPUT_SARIF_FILE:-}" ] || args+=(--format "sarif=$INPUT_SARIF_FILE")
[ -z "${INPUT_CONFIG:-}" ] || args+=(--config "$INPUT_CONFIG")
"$enginekit" "${args[@]}" -- "${paths[@]}"
code=$?

sarif=
if [ -n "${INPUT_SARIF_FILE:-}" ] && [ -s "$INPUT_SARIF_FILE" ] && [ "$code" -le 1 ]; then sarif=$INPUT_SARIF_FILE; fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  {
    echo "exit-code=$code"
    echo "sarif-file=$sarif"
  } >>"$GITHUB_OUTPUT"
fi
echo "enginekit lint exited $code${sarif:+; SARIF in $sarif}"
exit 0
