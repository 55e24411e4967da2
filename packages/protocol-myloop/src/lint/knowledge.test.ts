import { describe, expect, it } from "vitest";
import { lintKnowledge } from "./knowledge.js";

const good = `# Knowledge

## Graph: mapgpt_mp3d
- The planner sees STOP on every step (added: bootstrap)
- A multi-line bullet whose provenance
  sits on its continuation line (added: iter_2)

\`\`\`
- not a bullet inside a fence
\`\`\`
`;
const codes = (text: string, last = 2) => lintKnowledge(text, last).map((f) => `${f.code}@${f.line}`);

describe("knowledge.md", () => {
  it("accepts bullets that end with their provenance, continuation lines included", () =>
    expect(lintKnowledge(good, 2)).toEqual([]));
  it("knowledge-bullet-provenance", () =>
    expect(codes(good.replace(" (added: bootstrap)", ""))).toEqual(["myloop/knowledge-bullet-provenance@4"]));
  it("knowledge-added-window: at most the in-flight iteration", () =>
    expect(codes(good, 0)).toEqual(["myloop/knowledge-added-window@5"]));
  it("knowledge-title and knowledge-sections", () => {
    expect(codes(good.replace("# Knowledge\n", "# Facts\n"))).toEqual(["myloop/knowledge-title@1"]);
    expect(codes(good.replace("## Graph: mapgpt_mp3d\n", ""))).toEqual([
      "myloop/knowledge-sections@3",
      "myloop/knowledge-sections@4",
    ]);
  });
});
