import { describe, expect, it } from "vitest";
import { ContainerCreateBody, fieldDocOf, HostConfig, toFieldIssues } from "../../src/index.js";

/** The example at the top of docs/api-schemas.md, kept true. */
describe("docs/api-schemas.md example", () => {
  it("gives the documented located issues", () => {
    const result = ContainerCreateBody.safeParse({
      Image: "busybox",
      HostConfig: {
        BlkioWeight: 5,
        MemorySwap: 50_000_000,
        RestartPolicy: { Name: "always", MaximumRetryCount: 3 },
      },
      Healthcheck: { Interval: 500 },
      Imagee: "typo",
    });
    expect(result.success).toBe(false);
    const issues = toFieldIssues(result.error?.issues ?? []).map(({ path, message }) => ({ path, message }));
    expect(issues).toEqual([
      {
        path: ["Healthcheck", "Interval"],
        message: "Healthcheck.Interval must be 0 or at least 1000000 nanoseconds (1 ms)",
      },
      { path: ["HostConfig", "BlkioWeight"], message: "BlkioWeight must be between 10 and 1000" },
      {
        path: ["HostConfig", "RestartPolicy", "MaximumRetryCount"],
        message:
          "RestartPolicy.MaximumRetryCount can only be used with RestartPolicy.Name \"on-failure\" (maximum retry count cannot be used with restart policy 'always')",
      },
      { path: ["HostConfig", "MemorySwap"], message: "MemorySwap needs Memory to be set" },
      { path: ["Imagee"], message: 'Unknown field "Imagee" (did you mean "Image"?)' },
    ]);
  });
  it("gives the documented field documentation", () => {
    expect(fieldDocOf(HostConfig.shape.BlkioWeight)).toMatchObject({
      description: "Relative block IO weight.",
      bounds: "10–1000 (0 leaves it unset)",
      source: "engine §2.2, §8",
    });
  });
});
