/**
 * KV version 2 paths (secrets §2, §4 rule 5): `kvV2Path` inserts `data/`, `metadata/` … after the mount
 * as the official CLI does, and `isInsideMount` tells whether a path lies under a mount.
 */
import { joinPath } from "./paths.js";

/** The KV v2 API segment inserted after the mount (secrets §2, §4 rule 5; research secrets-anchors §4 step 8). */
export type KvV2Segment = "data" | "metadata" | "delete" | "undelete" | "destroy";

/**
 * Rewrites a user path `path` inside the KV v2 mount `mountPath` (trailing `/`) by inserting `segment`
 * after the mount, following the official CLI's `addPrefixToKVPath` (research secrets-anchors §4 step 8):
 * `secret/app/db` + `data` → `secret/data/app/db`. When the path does not start with the mount path,
 * leading mount segments are dropped one by one (they are namespace segments the preflight added).
 * A trailing `/` of `path` is kept (listings).
 */
export function kvV2Path(mountPath: string, path: string, segment: KvV2Segment): string {
  // Common case first: the path starts with the mount (both normalised, the mount ends in `/`).
  if (mountPath.endsWith("/") && path.startsWith(mountPath))
    return `${mountPath}${segment}/${path.slice(mountPath.length)}`;
  const trailing = path.endsWith("/") ? "/" : "";
  const bare = path.replace(/\/+$/, "");
  let mount = mountPath.replace(/\/+$/, "");
  if (bare === mount) return joinPath(mount, segment) + trailing;
  for (;;) {
    if (bare.startsWith(`${mount}/`)) {
      return joinPath(mount, segment, bare.slice(mount.length + 1)) + trailing;
    }
    const slash = mount.indexOf("/");
    if (slash < 0) break;
    mount = mount.slice(slash + 1);
    if (bare === mount) return joinPath(mount, segment) + trailing;
  }
  return joinPath(mountPath, segment, bare) + trailing;
}

/** Whether `path` (normalised) lies inside the mount `mountPath` (trailing `/`). */
export function isInsideMount(mountPath: string, path: string): boolean {
  if (mountPath === "" || path.startsWith(mountPath)) return true;
  return mountPath.endsWith("/") && path === mountPath.slice(0, -1);
}
