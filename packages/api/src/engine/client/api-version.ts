/**
 * API version negotiation (engine §9): the version this client is written against, numeric comparison of
 * `major.minor` versions, and the version a call is sent under (the engine's, capped at the client's).
 */
import { EngineVersionError } from "./errors.js";

/** The API version this client is written against (engine §9). */
export const DOCUMENTED_API_VERSION = "1.24";

/** The outcome of version negotiation. */
export interface NegotiatedVersion {
  /** The version used as the `/v<version>` path prefix of every request. */
  version: string;
  /** The engine's highest version (`ApiVersion` of `GET /version`). */
  engineMax: string | undefined;
  /** The engine's lowest version (`MinAPIVersion` of `GET /version`), when reported. */
  engineMin: string | undefined;
  /** Set when the version differs from the requested one: why, in one sentence for a user. */
  note?: string;
}

/**
 * Compares two `major.minor` API versions numerically (`1.9` < `1.24`).
 * @returns negative, 0 or positive like a sort comparator.
 */
export function compareApiVersions(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split(".").map(Number);
  const [bMajor = 0, bMinor = 0] = b.split(".").map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

/**
 * Chooses the request version from the one asked for and the engine's range (engine §9; research
 * build-context-anchors §0.1: engines 29.x refuse versions below 1.40/1.44 unless started with a lower
 * minimum):
 * - the requested version when the engine accepts it;
 * - the engine's minimum when that is above the requested version, with a `note` saying so;
 * - an {@link EngineVersionError} when the engine's maximum is below the requested version.
 */
export function chooseApiVersion(
  requested: string,
  engineMin: string | undefined,
  engineMax: string | undefined,
): NegotiatedVersion {
  if (engineMax && compareApiVersions(engineMax, requested) < 0) {
    throw new EngineVersionError(
      `the engine speaks API ${engineMin ? `${engineMin}–` : "up to "}${engineMax}, older than ${requested} which enginekit needs; upgrade the engine`,
    );
  }
  if (engineMin && compareApiVersions(engineMin, requested) > 0) {
    return {
      version: engineMin,
      engineMin,
      engineMax,
      note: `the engine refuses API ${requested} (its minimum is ${engineMin}); using ${engineMin}, the lowest it accepts`,
    };
  }
  return { version: requested, engineMin, engineMax };
}
