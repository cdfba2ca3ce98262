/**
 * The engine API's numeric limits written once (`ENGINE_LIMITS`, engine §8 and the field tables of §2) and
 * the zod check builders that enforce them (`integer`, `intBetween`, `intAtLeast`, `intWithSpecial`,
 * durations, CPU period and quota, port numbers), each with a message naming the field.
 */
import { z } from "zod";

/**
 * The numeric limits of the engine API (engine §8 and the field tables of §2), each written once. Schemas
 * enforce them through the check builders below; documentation, hovers and JSON Schema read them from
 * the schemas.
 */
export const ENGINE_LIMITS = {
  /** `HostConfig.BlkioWeight`: relative block IO weight (engine §2.2, §8). */
  blkioWeight: { min: 10, max: 1000 },
  /** `HostConfig.MemorySwappiness`: percent; -1 keeps the host's setting (engine 20.10). */
  memorySwappiness: { min: 0, max: 100, unset: -1 },
  /** Healthcheck `Interval`, `Timeout`, `StartPeriod`: 0 inherits, otherwise at least 1 ms, in nanoseconds. */
  healthcheckMinDurationNs: 1_000_000,
  /** `HostConfig.ShmSize` default in bytes when omitted (64 MB). */
  shmSizeDefaultBytes: 64 * 1024 * 1024,
  /** `HostConfig.PidsLimit`: -1 means unlimited. */
  pidsLimitUnlimited: -1,
  /** Restart delay: doubles from 100 ms before each restart (engine §2.2, §8). */
  restartDelayStartMs: 100,
  /** Default stop signal (engine §2.1, §8). */
  stopSignalDefault: "SIGTERM",
  /** Default `ps_args` of `GET /containers/(id)/top` (engine §4.1, §8). */
  psArgsDefault: "-ef",
  /** Default kill signal of `POST /containers/(id)/kill` (engine §4.1). */
  killSignalDefault: "SIGKILL",
  /** TCP/UDP port numbers. */
  port: { min: 1, max: 65535 },
  /** `Memory`, `MemoryReservation`, `KernelMemory`: 0 or at least 6 MB (engine 20.10 `linuxMinMemory`). */
  minMemoryBytes: 6 * 1024 * 1024,
  /** `CpuPeriod`: 0 or 1 ms – 1 s, in microseconds (engine 20.10). */
  cpuPeriodMicroseconds: { min: 1000, max: 1_000_000 },
  /** `CpuQuota`: ≤ 0 (unlimited) or at least 1 ms, in microseconds (engine 20.10). */
  cpuQuotaMinMicroseconds: 1000,
  /** `OomScoreAdj` (kernel range, checked by the engine 20.10). */
  oomScoreAdj: { min: -1000, max: 1000 },
  /** `CpuPercent` (Windows daemons). */
  cpuPercent: { min: 0, max: 100 },
  /** `CpuShares` other than 0: runc's range, checked when the container starts (engine 20.10). */
  cpuShares: { min: 2, max: 262144 },
  /**
   * `NanoCpus` below this gives a CPU quota of 0 µs (NanoCpus / 10,000 per 100 ms period): no limit, and the
   * container runs (engine 20.10).
   */
  nanoCpusZeroQuotaBelow: 10_000,
  /** `NanoCpus` of a container: at least 0.01 CPU (engine 20.10; the upper bound is the host's CPU count). */
  minNanoCpus: 10_000_000,
  /** Service `Resources` `NanoCPUs`: 0 or at least 0.001 CPU (swarmkit `validateResources`). */
  minServiceNanoCpus: 1_000_000,
  /** Service `Resources` `MemoryBytes`: 0 or at least 4 MiB (swarmkit `validateResources`). */
  minServiceMemoryBytes: 4 * 1024 * 1024,
  /** `CpusetCpus`/`CpusetMems`: the largest CPU or memory node number the engine 20.10 parses. */
  cpusetMax: 8192,
  /** `Hostname`: the kernel's `HOST_NAME_MAX`; longer names fail when the container starts (`sethostname`). */
  hostnameMaxBytes: 64,
  /** Service `EndpointSpec.Ports` `TargetPort`/`PublishedPort`: the engine's `uint32`. */
  uint32Max: 4_294_967_295,
  /** A service name: a DNS label of at most 63 characters (swarmkit `validateAnnotations`). */
  serviceNameMaxLength: 63,
} as const;

/**
 * An integer in the engine's int64 range, -2^63 to 2^63 - 1 (Go's `int64`), whose type error names the
 * field. Beyond 2^53 a JavaScript number is not exact: the manifest reader keeps such integers exactly
 * and gives them here as the nearest number on the same side of the range's ends (`toPlainValue` in
 * `@enginekit/manifests`), so `Memory: 9223372036854775807` passes and `9223372036854775808` does not.
 * JSON Schema: `{"type": "integer"}`.
 */
export function integer(field: string) {
  const error = `${field} must be an integer`;
  // the same issue z.int() raises (invalid_type, expected int), and later bounds are not checked
  const schema: z.ZodNumber = z
    .number({ error: (issue) => (issue.input === undefined ? undefined : error) })
    .check((ctx) => {
      const value = ctx.value;
      if (Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63) return;
      ctx.issues.push({ code: "invalid_type", expected: "int", input: value, message: error, abort: true });
    });
  return schema.meta({ type: "integer" });
}

/**
 * An integer the engine decodes as an unsigned Go integer (`uint64`): a negative one is refused by its JSON
 * decoder ("cannot unmarshal number -1 into … of type uint64"), so it is a type error (`invalid_type`), as
 * a string would be, and it counts even where the engine then drops the field (a job mode below API 1.41:
 * the decoder reads it first; pnpm explore-manifests, seed 110). JSON Schema: `{"type": "integer",
 * "minimum": 0}`.
 */
export function unsignedInteger(field: string) {
  const error = `${field} cannot be negative (the engine refuses it: uint64)`;
  return integer(field)
    .check((ctx) => {
      if (ctx.value >= 0) return;
      ctx.issues.push({
        code: "invalid_type",
        expected: "int",
        input: ctx.value,
        message: error,
        abort: true,
      });
    })
    .meta({ minimum: 0 });
}

/** Integer in `[min, max]`; message `${field} must be between ${min} and ${max}` (plus ` ${unit}`). */
export function intBetween(field: string, min: number, max: number, unit?: string) {
  const message = `${field} must be between ${min} and ${max}${unit ? ` ${unit}` : ""}`;
  return integer(field).min(min, { error: message }).max(max, { error: message });
}

/** Integer `>= min`; message `${field} must be at least ${min}` (plus ` ${unit}` and a note). */
export function intAtLeast(field: string, min: number, note?: string) {
  return integer(field).min(min, { error: `${field} must be at least ${min}${note ? ` (${note})` : ""}` });
}

/** Integer `> bound`; message `${field} must be greater than ${bound} ${unit}`. */
export function intGreaterThan(field: string, bound: number, unit: string) {
  return integer(field).gt(bound, { error: `${field} must be greater than ${bound} ${unit}` });
}

/** An inclusive integer range; a missing end is open. */
export interface IntRange {
  min?: number;
  max?: number;
}

/**
 * Integer that is one of `allowed` exactly or lies in one of `ranges`. Used for bounds with a special
 * "unset" value (`0 or at least 1000000`, `-1 or between 0 and 100`). The message is given whole. The same
 * bounds are attached as JSON Schema (`anyOf` of `const` and `minimum`/`maximum`), so `z.toJSONSchema`
 * output enforces them too.
 */
export function intWithSpecial(
  field: string,
  allowed: readonly number[],
  ranges: readonly IntRange[],
  message: string,
) {
  const inRange = (value: number) =>
    ranges.some(
      (range) =>
        (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max),
    );
  const anyOf = [
    ...allowed.map((value) => ({ const: value })),
    ...ranges.map((range) => ({
      ...(range.min === undefined ? {} : { minimum: range.min }),
      ...(range.max === undefined ? {} : { maximum: range.max }),
    })),
  ];
  return integer(field)
    .refine((value) => allowed.includes(value) || inRange(value), { error: message })
    .meta({ anyOf });
}

/** Healthcheck duration: 0 (inherit) or at least {@link ENGINE_LIMITS.healthcheckMinDurationNs} ns. */
export function healthcheckDuration(field: string) {
  const min = ENGINE_LIMITS.healthcheckMinDurationNs;
  return intWithSpecial(field, [0], [{ min }], `${field} must be 0 or at least ${min} nanoseconds (1 ms)`);
}

/**
 * CFS period in microseconds: 0 (kernel default) or 1,000–1,000,000 (engine 20.10). Here rather than in
 * `host-config.ts` because the `POST /build` query uses it too, and building that query's schema must not
 * build HostConfig's (start-up: see `lazy-schema.ts`).
 */
export function cpuPeriod(field: string) {
  const range = ENGINE_LIMITS.cpuPeriodMicroseconds;
  return intWithSpecial(
    field,
    [0],
    [range],
    `${field} must be 0 or between ${range.min} and ${range.max} microseconds`,
  );
}

/** CFS quota in microseconds: ≤ 0 (unlimited) or at least 1,000 (engine 20.10); see {@link cpuPeriod}. */
export function cpuQuota(field: string) {
  const min = ENGINE_LIMITS.cpuQuotaMinMicroseconds;
  return intWithSpecial(
    field,
    [],
    [{ max: 0 }, { min }],
    `${field} must be -1, 0 or at least ${min} microseconds`,
  );
}

/** A TCP/UDP port number 1–65535, message `${field} must be between 1 and 65535`. */
export function portNumber(field: string) {
  return intBetween(field, ENGINE_LIMITS.port.min, ENGINE_LIMITS.port.max);
}
