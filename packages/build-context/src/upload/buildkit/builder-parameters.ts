/**
 * The `POST /build` parameters beyond the v1.24 document, from the engine CLI's flags (research
 * build-context-anchors §5.1, moby `api/server/router/build/build_routes.go`): `target`, `platform`,
 * `networkmode`, `extrahosts`, `cachefrom`, `ulimits`, `version`, `session`; and which engine and builder
 * honour each flag. A flag the engine's API version or builder does not honour is refused in one line
 * before anything is sent (checked on the engine 20.10, API 1.41: its BuildKit ignores `ulimits`, `shmsize`
 * and the classic resource limits, and no version of `/build` has a parameter for `--no-cache-filter`).
 */
import { compareApiVersions } from "@enginekit/api";
import { BuildFlagError } from "../build-flags.js";
import type { Builder } from "./choose-builder.js";

/** The extra query parameters, encoded as the engine reads them. */
export interface BuilderParameters {
  target?: string;
  platform?: string;
  networkmode?: string;
  extrahosts?: string[];
  /** JSON array of image references. */
  cachefrom?: string;
  /** JSON array of `{Name, Soft, Hard}`. */
  ulimits?: string;
  /** `2` for BuildKit; `1` (or nothing) for the classic builder. */
  version?: "1" | "2";
  /** The BuildKit session that serves secrets and SSH (`POST /session`). */
  session?: string;
}

/** The engine CLI's flags that map to {@link BuilderParameters}. */
export interface BuilderFlags {
  target?: string;
  platform?: string;
  network?: string;
  addHost?: readonly string[];
  cacheFrom?: readonly string[];
  noCacheFilter?: readonly string[];
  ulimit?: readonly string[];
}

/** A flag, where the engine first honours it, and which builders do. */
interface FlagSupport {
  flag: string;
  /** The API version from which `POST /build` reads it (research §5.1). */
  since: string;
  builders: readonly Builder[];
  /** Why a builder or version lacks it, when no version has it. */
  never?: string;
}

const BOTH: readonly Builder[] = ["classic", "buildkit"];

/**
 * Support per flag. `--shm-size`, `--ulimit` and the resource limits are honoured by BuildKit only from API
 * 1.42 (engine 23.0; 20.10's BuildKit ignores them, checked). `--platform` is read only at API ≥ 1.32.
 */
export const FLAG_SUPPORT: readonly FlagSupport[] = [
  { flag: "--network", since: "1.25", builders: BOTH },
  { flag: "--cache-from", since: "1.25", builders: BOTH },
  { flag: "--add-host", since: "1.28", builders: BOTH },
  { flag: "--platform", since: "1.32", builders: BOTH },
  { flag: "--target", since: "1.29", builders: BOTH },
  { flag: "--ulimit", since: "1.24", builders: BOTH },
  {
    flag: "--no-cache-filter",
    since: "99.0",
    builders: [],
    never:
      "the engine's POST /build has no parameter for it (only BuildKit's own Solve API, which buildx calls, has); use --no-cache",
  },
];

/** Flags the engine's BuildKit honours only from API 1.42 (engine 23.0); before, they are ignored. */
export const CLASSIC_ONLY_BEFORE_1_42 = [
  "--ulimit",
  "--shm-size",
  "--memory",
  "--memory-swap",
  "--cpu-shares",
  "--cpuset-cpus",
  "--cpu-period",
  "--cpu-quota",
] as const;

/** Flags only the classic builder reads at any version. */
export const CLASSIC_ONLY = ["--no-rm", "--force-rm"] as const;

function apiAtLeast(version: string, minimum: string): boolean {
  return compareApiVersions(version, minimum) >= 0;
}

/**
 * The classic-only flags among `used` that BuildKit would ignore on an engine speaking `apiVersion`
 * (undefined when pinned: then trusted).
 */
export function ignoredByBuildkit(used: readonly string[], apiVersion: string | undefined): string[] {
  const pre142 = apiVersion !== undefined && !apiAtLeast(apiVersion, "1.42");
  return used.filter(
    (flag) =>
      (CLASSIC_ONLY as readonly string[]).includes(flag) ||
      (pre142 && (CLASSIC_ONLY_BEFORE_1_42 as readonly string[]).includes(flag)),
  );
}

/**
 * Refuses, in one line, a flag the engine's API version or the chosen builder does not honour.
 * `used` are the flags given (`--target`…); `apiVersion` is the engine's highest version (undefined: trusted).
 * @throws BuildFlagError naming the flag, what lacks it and what to do.
 */
export function checkFlagSupport(
  used: readonly string[],
  builder: Builder,
  apiVersion: string | undefined,
): void {
  for (const support of FLAG_SUPPORT) {
    if (!used.includes(support.flag)) continue;
    if (support.never) throw new BuildFlagError(support.flag, "", support.never);
    if (apiVersion !== undefined && !apiAtLeast(apiVersion, support.since))
      throw new BuildFlagError(
        support.flag,
        "",
        `the engine speaks API ${apiVersion}; POST /build reads it from API ${support.since}`,
      );
  }
  if (builder === "buildkit") {
    const ignored = ignoredByBuildkit(used, apiVersion);
    if (ignored.length > 0)
      throw new BuildFlagError(
        ignored[0]!,
        "",
        `BuildKit ignores it on this engine${apiVersion ? ` (API ${apiVersion})` : ""}; use --builder classic`,
      );
  }
}

const ULIMIT = /^([a-z]+)=(-?\d+)(?::(-?\d+))?$/;
const PLATFORM = /^[a-z0-9_]+(\/[a-z0-9_]+(\/[a-z0-9_.]+)?)?$/i;
const HOST = /^([^:=\s]+)[:=](\S+)$/;

/**
 * Turns the flags into query parameters (the engine CLI's encodings: `--add-host host:ip` or `host=ip`,
 * `--ulimit nofile=1024:2048`, `--cache-from` a JSON array, `--network default` omitted).
 * @throws BuildFlagError for a malformed value.
 */
export function builderParameters(flags: BuilderFlags): BuilderParameters {
  const out: BuilderParameters = {};
  if (flags.target !== undefined) {
    if (flags.target.trim() === "")
      throw new BuildFlagError("--target", flags.target, "the stage name is empty");
    out.target = flags.target;
  }
  if (flags.platform !== undefined) {
    if (!PLATFORM.test(flags.platform))
      throw new BuildFlagError(
        "--platform",
        flags.platform,
        "expected one os[/arch[/variant]] (the engine builds one platform per /build)",
      );
    out.platform = flags.platform;
  }
  if (flags.network !== undefined && flags.network !== "default") {
    if (flags.network.trim() === "") throw new BuildFlagError("--network", flags.network, "empty network");
    out.networkmode = flags.network;
  }
  if (flags.addHost && flags.addHost.length > 0) {
    out.extrahosts = flags.addHost.map((value) => {
      const m = HOST.exec(value);
      if (!m) throw new BuildFlagError("--add-host", value, "expected host:ip");
      return `${m[1]}:${m[2]}`;
    });
  }
  if (flags.cacheFrom && flags.cacheFrom.length > 0) out.cachefrom = JSON.stringify(flags.cacheFrom);
  if (flags.ulimit && flags.ulimit.length > 0) {
    out.ulimits = JSON.stringify(
      flags.ulimit.map((value) => {
        const m = ULIMIT.exec(value);
        if (!m)
          throw new BuildFlagError("--ulimit", value, "expected name=soft[:hard], e.g. nofile=1024:2048");
        const soft = Number(m[2]);
        const hard = m[3] === undefined ? soft : Number(m[3]);
        if (hard !== -1 && soft > hard)
          throw new BuildFlagError("--ulimit", value, "the soft limit is above the hard limit");
        return { Name: m[1], Hard: hard, Soft: soft };
      }),
    );
  }
  return out;
}
