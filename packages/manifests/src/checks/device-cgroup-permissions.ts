/**
 * The `device-cgroup-permissions` body check (manifest/ignored-value): Devices CgroupPermissions with letters other than r, w and m: runc ignores them.
 * Follows: engine 20.10 and runc (checked by the manifest differential).
 */
import { type Advisory, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const deviceCgroupPermissions: BodyCheck = {
  meta: {
    id: "device-cgroup-permissions",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "Devices CgroupPermissions with letters other than r, w and m: runc ignores them.",
    peers: ["engine 20.10 and runc (checked by the manifest differential)"],
  },
  check(body) {
    const devices = asObject(body.HostConfig)?.Devices;
    const out: Advisory[] = [];
    (Array.isArray(devices) ? devices : []).forEach((device, index) => {
      const permissions = asObject(device)?.CgroupPermissions;
      if (typeof permissions === "string" && permissions !== "" && !/^[rwm]+$/.test(permissions))
        out.push({
          path: ["HostConfig", "Devices", index, "CgroupPermissions"],
          message: `Devices CgroupPermissions "${permissions}": only r, w and m mean anything; the engine passes the rest to runc, which ignores it.`,
        });
    });
    return out;
  },
};
