/**
 * Durations in client settings (`*_TIMEOUT` variables, `secrets.timeout`, `--timeout`): Go's `time.ParseDuration` units (`500ms`, `10s`, `2m`, `1h`, combined as
 * `1m30s`) or a bare number of seconds (`30`, as `VAULT_CLIENT_TIMEOUT` and `DOCKER_CLIENT_TIMEOUT` take
 * it). `0` means "no limit" where the setting allows it. Read by the api clients' environment, the lint
 * configuration schema and the command line's flags; here, in the foundation, so that none of them loads
 * another's code for it (it was the light entry `@enginekit/api/duration`).
 */

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration into milliseconds, or `undefined` when it is not one (the caller names the setting).
 * Accepts a bare non-negative number of seconds, or one or more `<number><unit>` parts (ms, s, m, h).
 */
export function parseDurationMs(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value)) return undefined;
  let total = 0;
  for (const part of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(part[1]) * UNIT_MS[part[2]!]!;
  return Math.round(total);
}
