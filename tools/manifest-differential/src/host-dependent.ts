/**
 * Refusals that depend on the host the engine runs on, not on the body: an offline linter cannot know them,
 * so the differential test does not count them as disagreements (docs/manifests.md, "Agreement with the
 * engine"). Each entry names the engine's message and why it depends on the host. A body the engine
 * accepts with a create warning matching an entry (a setting discarded on this host) is not counted either
 * when the linter reports an error: on a host with the feature, the engine refuses it.
 */
export const HOST_DEPENDENT_REFUSALS: { pattern: RegExp; why: string }[] = [
  {
    pattern: /No such container|No such network|network .* not found/i,
    why: "container:<name> and network names refer to objects that may or may not exist on the engine",
  },
  {
    pattern: /Requested CPUs are not available|Requested memory nodes are not available/i,
    why: "CpusetCpus/CpusetMems name CPUs and memory nodes the host may not have",
  },
  {
    pattern: /kernel does not support|not supported by the kernel|discarded/i,
    why: "kernel and cgroup features (swap accounting, blkio weight, kernel memory): without them the engine discards the setting with a warning instead of checking it",
  },
  {
    pattern: /port is already allocated|address already in use/i,
    why: "a host port another process holds",
  },
  {
    pattern: /permission denied|operation not permitted/i,
    why: "privileges of the engine and the user namespace it runs in",
  },
  {
    pattern: /No such image|pull access denied|repository does not exist/i,
    why: "images the engine holds (the tests' engine has only enginekit/busybox, imported offline)",
  },
  {
    pattern: /bind source path does not exist|within the daemon root/i,
    why: "host paths of bind mounts: which exist, and where the engine keeps its data root",
  },
  {
    pattern:
      /secret not found|config not found|missing plugin|error looking up (logging|volume) plugin (?!etwlogs)/i,
    why: "swarm secrets and configs, and engine plugins, that the swarm or the host may or may not hold",
  },
  {
    pattern: /no suitable node|insufficient resources|could not select device driver/i,
    why: "the swarm's nodes (their labels, platforms, resources) and the host's device drivers",
  },
  {
    pattern: /already in use|is already allocated/i,
    why: "a name or port another body created at the same time (bodies run concurrently) or a process holds",
  },
  {
    pattern:
      /executable file not found|No command specified|Unable to find (user|group)|no matching entries in (passwd|group) file/i,
    why: "what the image holds: its programs, users and groups, its CMD and ENTRYPOINT (the tests run a busybox image)",
  },
  {
    pattern:
      /stat .*: no such file or directory|error gathering device information|failed to write "\d+:\d+ /i,
    why: "device files of the host (BlkioDevice* paths, Devices PathOnHost)",
  },
  {
    pattern: /Unknown option|storage-opt is supported only/i,
    why: "storage options depend on the engine's storage driver and its backing file system",
  },
  {
    pattern: /Unknown runtime specified/i,
    why: "the OCI runtimes configured on the engine",
  },
  {
    pattern: /write \/proc\/sys\/[^:]*: invalid argument/,
    why: "the value of a sysctl, which the host's kernel parses by that sysctl's own type (an integer for net.ipv4.ip_forward; pnpm explore-manifests, seeds 107 and 109)",
  },
  {
    pattern: /cpu\.rt_runtime_us: invalid argument/,
    why: "the real-time CPU budget of the engine's parent cgroup (the daemon's --cpu-rt-runtime, 0 by default): a CpuRealtimeRuntime above it fails at start (pnpm explore-manifests, seeds 108 and 109)",
  },
  {
    pattern: /can't get final child's PID from pipe/,
    why: "runc's init died before it reported (seen when OomScoreAdj is lowered below the engine's own score, which needs privileges an engine in a user namespace lacks)",
  },
];

/** The reason a refusal is host-dependent, or undefined when the body alone decides it. */
export function hostDependentReason(message: string): string | undefined {
  return HOST_DEPENDENT_REFUSALS.find((entry) => entry.pattern.test(message))?.why;
}
