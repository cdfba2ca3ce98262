/**
 * The `compose/host-device` rule: Host storage or kernel device given to a container.
 * Its metadata is its documentation (`docs/rules/compose/host-device.md`, `enginekit lint --explain
 * compose/host-device`).
 * Same check elsewhere: compose-lint CL-0016.
 */
import { posix } from "node:path";
import { propertyValue } from "@enginekit/compose";
import { literalText, ownServices, scalarItems } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** Block devices, their symlinks and controls, device mapper, ZFS and Ceph control, the kernel log. */
const DANGEROUS =
  /^\/dev\/(?:sd[a-z].*|nvme.*|vd[a-z].*|xvd[a-z].*|mmcblk.*|md.*|disk\/.*|loop.*|dm-.*|mapper\/.*|zfs|rbd.*|kmsg)$/;

export default composeRule(
  {
    id: "compose/host-device",
    name: "Host storage or kernel device given to a container",
    description:
      "A service's `devices` gives it a host disk, a loop, device-mapper, ZFS or Ceph device, or the kernel log.",
    severity: "warning",
    fix: "never",
    docs: `\`devices:\` opens the device cgroup for that node: a container given \`/dev/sda\`, \`/dev/nvme0n1\`, \`/dev/vda\`,
\`/dev/xvda\`, \`/dev/mmcblk0\`, \`/dev/md0\`, \`/dev/disk/…\`, \`/dev/loop*\` (\`loop-control\` included), \`/dev/dm-*\`,
\`/dev/mapper/…\`, \`/dev/zfs\` or \`/dev/rbd*\` reads and rewrites the host's storage whatever the file permissions,
with the default capabilities; \`/dev/kmsg\` reads and writes the kernel log. The host path is normalised first
(\`/dev/./sda\` is \`/dev/sda\`). Mount the filesystem the service needs (\`volumes\`) instead, or name the one
device it drives (\`/dev/ttyUSB0\`, \`/dev/net/tun\` are not reported).`,
    peers: ["compose-lint CL-0016"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  backup:\n    image: shop/backup:1\n    devices:\n      - /dev/sda:/dev/sda\n",
      },
      {
        kind: "valid",
        code: "services:\n  vpn:\n    image: shop/vpn:1\n    devices:\n      - /dev/net/tun:/dev/net/tun\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) =>
      scalarItems(propertyValue(service.node, "devices")).flatMap((item) => {
        const spec = literalText(item);
        if (spec === undefined) return [];
        const host = posix.normalize(spec.split(":")[0] ?? "").replace(/^\/\/+/, "/");
        if (!DANGEROUS.test(host)) return [];
        return [{ range: item.range, message: `service "${service.name}" is given the host device ${host}` }];
      }),
    ),
);
