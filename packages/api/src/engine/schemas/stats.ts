/**
 * Stats schemas (engine §4.1.1): CPU and network counters and one `GET /containers/(id)/stats` sample.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { responseNumber, responseString } from "./common.js";

const source = "engine §4.1.1";

/** CPU counters of a stats sample (engine §4.1.1). */
export const CpuStats = z.looseObject({
  cpu_usage: documented(
    z.looseObject({
      percpu_usage: z.array(z.number()).nullable().optional(),
      usage_in_usermode: z.number().optional(),
      total_usage: z.number().optional(),
      usage_in_kernelmode: z.number().optional(),
    }),
    { description: "CPU time used, in nanoseconds: total, per CPU, user and kernel mode.", source },
  ).optional(),
  system_cpu_usage: responseNumber("Host CPU time used.", source, { unit: "nanoseconds" }),
  online_cpus: responseNumber("Online CPUs.", "engine 20.10"),
  throttling_data: documented(
    z.looseObject({
      periods: z.number().optional(),
      throttled_periods: z.number().optional(),
      throttled_time: z.number().optional(),
    }),
    { description: "CFS throttling: periods, throttled periods, throttled time (ns).", source },
  ).optional(),
});
export type CpuStats = z.infer<typeof CpuStats>;

/** Counters of one network interface (engine §4.1.1). */
export const NetworkStats = z.looseObject({
  rx_bytes: responseNumber("Bytes received.", source, { unit: "bytes" }),
  rx_dropped: responseNumber("Received packets dropped.", source),
  rx_errors: responseNumber("Receive errors.", source),
  rx_packets: responseNumber("Packets received.", source),
  tx_bytes: responseNumber("Bytes sent.", source, { unit: "bytes" }),
  tx_dropped: responseNumber("Sent packets dropped.", source),
  tx_errors: responseNumber("Send errors.", source),
  tx_packets: responseNumber("Packets sent.", source),
});
export type NetworkStats = z.infer<typeof NetworkStats>;

/**
 * One sample of `GET /containers/(id)/stats` (engine §4.1.1). `precpu_stats` is the previous read, used
 * to compute CPU percent; it is not an exact copy of `cpu_stats`. Counters can exceed 2^53 (e.g.
 * `hierarchical_memory_limit`), so they are plain numbers.
 */
export const ContainerStats = z.looseObject({
  read: responseString("Time of the sample (RFC 3339).", source),
  preread: responseString("Time of the previous sample (RFC 3339).", "engine 20.10"),
  pids_stats: documented(z.looseObject({ current: z.number().optional(), limit: z.number().optional() }), {
    description: "Process counts.",
    source,
  }).optional(),
  networks: documented(z.record(z.string(), NetworkStats).nullable(), {
    description: "Counters per interface name (absent without networking).",
    source,
  }).optional(),
  memory_stats: documented(
    z.looseObject({
      stats: z.record(z.string(), z.number()).nullable().optional(),
      max_usage: z.number().optional(),
      usage: z.number().optional(),
      failcnt: z.number().optional(),
      limit: z.number().optional(),
    }),
    {
      description: "Memory counters in bytes: usage, max_usage, failcnt, limit, and the cgroup's stats map.",
      source,
    },
  ).optional(),
  blkio_stats: documented(z.looseObject({}), {
    description: "Block IO counters (object).",
    source,
  }).optional(),
  cpu_stats: documented(CpuStats, { description: "CPU counters.", source }).optional(),
  precpu_stats: documented(CpuStats, {
    description: "CPU counters of the previous read.",
    source,
  }).optional(),
  name: responseString("Container name.", "engine 20.10"),
  id: responseString("Container ID.", "engine 20.10"),
  num_procs: responseNumber("Processes (Windows).", "engine 20.10"),
});
export type ContainerStats = z.infer<typeof ContainerStats>;
