// Fault: floods stdout with log notifications that never stop, and never answers list; keel stops reading (mira/bounded-output warns). Trips mira/answers-every-request.
import { start } from "./_study.mjs";

const line = `${JSON.stringify({ method: "log", params: { message: "spam", request_id: 0 } })}\n`.repeat(
  1000,
);
const flood = () => process.stdout.write(line, () => setImmediate(flood));
start({
  handlers: {
    list: () => {
      flood(); // and never answer
    },
  },
});
