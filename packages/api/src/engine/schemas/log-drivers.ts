/**
 * The options each built-in log driver of the engine 20.10 accepts, and the ones it requires, for
 * `HostConfig.LogConfig` and a service's `TaskTemplate.LogDriver` (moby `daemon/logger/*` `ValidateLogOpt`;
 * checked against the real engine by the manifest differential test). The engine refuses an unknown option
 * at create ("unknown log opt 'x' for json-file log driver"), a missing required one at create (gelf,
 * awslogs) or when the container starts (splunk), and a malformed size or file count when the container
 * starts ("failed to initialize logging driver: invalid size: 'abc'").
 */
import type { z } from "zod";

/** Options every driver accepts (the engine's log buffer, API ≥ 1.25, unversioned in 20.10). */
const COMMON = ["mode", "max-buffer-size"];
/** The attribute options most drivers share. */
const ATTRIBUTES = ["tag", "labels", "labels-regex", "env", "env-regex"];

/**
 * Options per built-in driver; drivers not listed (plugins, `none`, `etwlogs` …) are not checked. `allowed:
 * "any"`: the driver's validator accepts every option name (logentries 20.10: its `switch` has a `case key:`
 * that matches any key) and checks only the required ones.
 */
export const LOG_DRIVER_OPTIONS: Readonly<
  Record<string, { allowed: readonly string[] | "any"; required?: readonly string[] }>
> = {
  "json-file": { allowed: [...COMMON, ...ATTRIBUTES, "max-file", "max-size", "compress"] },
  local: { allowed: [...COMMON, "max-file", "max-size", "compress"] },
  syslog: {
    allowed: [
      ...COMMON,
      ...ATTRIBUTES,
      "syslog-address",
      "syslog-facility",
      "syslog-tls-ca-cert",
      "syslog-tls-cert",
      "syslog-tls-key",
      "syslog-tls-skip-verify",
      "syslog-format",
    ],
  },
  journald: { allowed: [...COMMON, ...ATTRIBUTES] },
  gelf: {
    allowed: [
      ...COMMON,
      ...ATTRIBUTES,
      "gelf-address",
      "gelf-compression-type",
      "gelf-compression-level",
      "gelf-tcp-max-reconnect",
      "gelf-tcp-reconnect-delay",
    ],
    required: ["gelf-address"],
  },
  fluentd: {
    allowed: [
      ...COMMON,
      ...ATTRIBUTES,
      "fluentd-address",
      "fluentd-async",
      "fluentd-async-connect",
      "fluentd-buffer-limit",
      "fluentd-retry-wait",
      "fluentd-max-retries",
      "fluentd-sub-second-precision",
      "fluentd-request-ack",
    ],
  },
  awslogs: {
    allowed: [
      ...COMMON,
      "tag",
      "awslogs-region",
      "awslogs-endpoint",
      "awslogs-group",
      "awslogs-stream",
      "awslogs-create-group",
      "awslogs-datetime-format",
      "awslogs-multiline-pattern",
      "awslogs-credentials-endpoint",
      "awslogs-force-flush-interval-seconds",
      "awslogs-max-buffered-events",
    ],
    required: ["awslogs-group"],
  },
  splunk: {
    allowed: [
      ...COMMON,
      ...ATTRIBUTES,
      "splunk-url",
      "splunk-token",
      "splunk-source",
      "splunk-sourcetype",
      "splunk-index",
      "splunk-capath",
      "splunk-caname",
      "splunk-insecureskipverify",
      "splunk-format",
      "splunk-verify-connection",
      "splunk-gzip",
      "splunk-gzip-level",
      "splunk-index-acknowledgment",
    ],
    required: ["splunk-url", "splunk-token"],
  },
  // without a token the engine refuses at create ("Missing logentries token"; a service's task is rejected)
  logentries: { allowed: "any", required: ["logentries-token"] },
};

/** A size as `go-units` `RAMInBytes` reads it: `10m`, `1.5g`, `512k`, `100`, `10MB`. */
const SIZE = /^\d+(\.\d+)* ?[kKmMgGtTpP]?[iI]?[bB]?$/;

/**
 * The log driver a container or task gets when its manifest names none: the engine's default, json-file
 * (a daemon configured with another `log-driver` checks against that one; the manifest check assumes the
 * default, as the test engine has it).
 */
export const DEFAULT_LOG_DRIVER = "json-file";

/**
 * Adds an issue (at `[...path, option]`) for every option the driver refuses: unknown options, missing
 * required ones (reported at `driverPath`, the driver's name), a `max-size` that is not a size, a `max-file`
 * that is not an integer ≥ 1. `options` is the driver's option map; drivers without an entry in
 * {@link LOG_DRIVER_OPTIONS} are not checked.
 */
export function checkLogOptions(
  driver: string | undefined,
  options: Readonly<Record<string, string>> | null | undefined,
  ctx: z.RefinementCtx,
  path: readonly (string | number)[],
  driverPath: readonly (string | number)[],
  field: string,
): void {
  // no driver: the daemon's default, json-file unless the daemon's configuration names another
  const effective = driver || DEFAULT_LOG_DRIVER;
  const spec = LOG_DRIVER_OPTIONS[effective];
  if (!spec) return;
  const given = options ?? {};
  for (const [option, value] of Object.entries(given)) {
    if (spec.allowed !== "any" && !spec.allowed.includes(option)) {
      ctx.addIssue({
        code: "custom",
        path: [...path, option],
        message: `${field}: unknown log opt '${option}' for ${effective} log driver${driver ? "" : " (the default)"} (known: ${(spec.allowed as readonly string[]).join(", ")})`,
      });
    } else if (option === "max-size" && !SIZE.test(value) && value !== "-1") {
      ctx.addIssue({
        code: "custom",
        path: [...path, option],
        message: `${field} max-size: invalid size: '${value}' (e.g. "10m", "1g"); the container fails to start`,
      });
    } else if (option === "max-file" && !(/^-?\d+$/.test(value) && Number(value) >= 1)) {
      ctx.addIssue({
        code: "custom",
        path: [...path, option],
        message: `${field} max-file must be an integer of at least 1 (max-file cannot be less than 1); the container fails to start`,
      });
    }
  }
  for (const option of spec.required ?? []) {
    if (given[option] === undefined || given[option] === "") {
      ctx.addIssue({
        code: "custom",
        path: [...driverPath],
        message: `${field}: the ${driver} log driver needs the option ${option} (${option} is a required parameter)`,
      });
    }
  }
}
