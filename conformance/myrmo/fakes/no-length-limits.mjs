// Fault: enforces no maxLength: an over-long string is accepted. Trips myrmo/reject-invalid.

import { randomUUID } from "node:crypto";
import { fakeColony, isPublish, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, answer) => {
    const body = JSON.parse(answer.body || "{}");
    const tooLong = body.error?.details?.some((d) => /at most|maxLength|longer/i.test(d.message));
    if (!isPublish(req) || answer.status !== 400 || !tooLong) return answer;
    const id = randomUUID();
    return jsonAnswer(
      202,
      { trail_id: id, fingerprint: "fp1-long", status: "queued", status_url: `/v1/trails/${id}` },
      answer.headers,
    );
  },
});
