// A correct study that also answers execute with an ATIF trajectory; `change` lets a fake alter it.
import { base, start } from "./_study.mjs";

const trajectory = (p) => ({
  schema_version: "ATIF-v1.7",
  session_id: `${p.eval}/${p.sample}`,
  agent: { name: "fake", version: "0" },
  steps: [
    { step_id: 1, source: "user", message: "hi" },
    { step_id: 2, source: "agent", message: "ok", llm_call_count: 1 },
  ],
});

export function trajectoryStudy(change = (t) => t) {
  start({
    handlers: {
      initialize: () => ({
        ...base.initialize(),
        capabilities: [...base.initialize().capabilities, "execute", "trajectory"],
      }),
      execute: (p) => {
        const { passed: _p, aggregate: _a, scores: _s, ...rest } = base.run(p);
        return { ...rest, transcript: { ...rest.transcript, trajectory: change(trajectory(p)) } };
      },
    },
  });
}
