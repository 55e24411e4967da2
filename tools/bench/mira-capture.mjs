// A deterministic Mira session capture (issue 29 item 6): the repository's example session
// (schemas/mira/examples/message/session.jsonl, both directions in one file) repeated with its ids moved on
// each round, with what a real capture holds now and then, each in its own rhythm: a response to no request
// (an orphan), a request sent twice under one id and a response sent twice, a line that is not JSON, a result
// that does not fit its method, an envelope with both result and error, a string id answered as a number,
// and a repeated key. Lines end at `lines`.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const session = readFileSync(
  join(import.meta.dirname, "..", "..", "schemas/mira/examples/message/session.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l));

/** One round of the session with every id (and every reference to one) moved on by `offset`. */
function round(offset) {
  return session.map((doc) => {
    const out = structuredClone(doc);
    if (typeof out.id === "number") out.id += offset;
    if (typeof out.params?.request_id === "number") out.params.request_id += offset;
    if (out.method === "cancel" && typeof out.params?.id === "number") out.params.id += offset;
    return out;
  });
}

/** `lines` JSON texts of a capture (see above); the same on every call. */
export function miraCaptureLines(lines) {
  const out = [];
  for (let r = 0; out.length < lines; r++) {
    const offset = r * 100;
    const docs = round(offset).map((d) => JSON.stringify(d));
    const at = (id) => docs.findIndex((l) => l.startsWith(`{"id":${id + offset},`));
    if (r % 7 === 3) docs.splice(5, 0, `{"id":${offset + 99},"result":{"cancelled":true}}`);
    if (r % 11 === 5) {
      const list = at(2);
      docs.splice(list + 1, 0, docs[list - 1] ?? "", docs[list] ?? "");
    }
    if (r % 13 === 7) docs.splice(9, 0, `{"id":${offset + 98},"method":"list"`);
    if (r % 17 === 2) docs[at(2) + 1] = `{"id":${offset + 2},"result":{"evals":[{"name":1}]}}`;
    if (r % 19 === 4)
      docs[at(4) + 1] = `{"id":${offset + 4},"result":{"cancelled":true},"error":{"code":1,"message":"x"}}`;
    if (r % 23 === 9) {
      docs.push(`{"id":"${offset + 97}","method":"list"}`, `{"id":${offset + 97},"result":{"evals":[]}}`);
    }
    if (r % 29 === 11) docs.push(`{"id":${offset + 96},"method":"list","method":"list"}`);
    for (const d of docs) if (out.length < lines) out.push(d);
  }
  return out;
}
