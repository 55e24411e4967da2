// No fault: a correct study with the reference's greet/hi@sim case whose runs emit only the started and finished events (turn is optional), as it advertises.
import { base, start } from "./_study.mjs";

// the shared study's case e/s0@sim, named greet/hi@sim so the shipped protocol goldens apply
const toBase = (p) => ({
  ...p,
  eval: p.eval === "greet" ? "e" : p.eval,
  sample: p.sample === "hi" ? "s0" : p.sample,
});
const fromBase = (r, p) => ({ ...r, eval: p.eval, sample: p.sample });

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      study: "started-finished",
      capability_params: { events: { kinds: ["started", "finished"] } },
    }),
    list: () => {
      const [e] = base.list().evals;
      return { evals: [{ ...e, name: "greet", samples: [{ id: "hi", tags: [] }], next_cursor: undefined }] };
    },
    run: (p) => fromBase(base.run(toBase(p)), p),
  },
  events: () => ["started", "finished"],
});
