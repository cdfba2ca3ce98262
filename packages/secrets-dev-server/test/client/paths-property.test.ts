import fc from "fast-check";
import { expect, test } from "vitest";
import { useDevServer } from "./fixture.js";

const ctx = useDevServer();

/** Segment names a user may pick: any text without `/`, not ending in `.`, not empty. */
const segment = fc
  .string({ minLength: 1, maxLength: 12, unit: "grapheme" })
  .filter((s) => !s.includes("/") && !s.endsWith("."));

test("any secret name survives write → read → list through per-segment encoding (KV v1 and v2)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(segment, { minLength: 1, maxLength: 3 }),
      fc.constantFrom("secret", "kv"),
      async (segments, mount) => {
        const folder = `${mount}/prop/${segments.slice(0, -1).join("/")}`.replace(/\/$/, "");
        const name = segments[segments.length - 1] as string;
        const path = `${folder}/${name}`;
        await ctx.client.kv.write(path, { v: path });
        expect((await ctx.client.kv.read(path))?.data).toEqual({ v: path });
        expect(await ctx.client.kv.list(`${folder}/`)).toContain(name);
        await ctx.client.kv.delete(path);
      },
    ),
    { numRuns: 60 },
  );
});
