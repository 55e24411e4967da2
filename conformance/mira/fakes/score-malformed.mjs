// Fault: score of a malformed transcript answers a result instead of an error. Warns mira/score-malformed-transcript.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({ ...base.initialize(), capabilities: [...base.initialize().capabilities, "score"] }),
    // scores whatever it is given, however malformed: the run's verdict with the supplied transcript
    score: (p) => ({
      ...base.run(p),
      transcript: { ...base.run(p).transcript, final_response: p.transcript.final_response },
    }),
  },
});
