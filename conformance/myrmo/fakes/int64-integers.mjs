// Fault: integers are decoded into int64, as Go's and Rust's decoders do: a trail holding 2^64 (18446744073709551616, valid: the schema sets no maximum) is refused 400. Trips myrmo/publish-valid.
import { fakeColony } from "./_colony.mjs";

// the literal as the fixture writes it: a client that re-serialises the fixture sends 18446744073709552000
const pastInt64 = /[:[,]\s*-?18446744073709551616\s*[,\]}]/;

await fakeColony({
  onAnswer: (req, a) => {
    if (req.method !== "POST" || req.path !== "/v1/trails" || a.status !== 202 || !pastInt64.test(req.text))
      return a;
    const error = {
      code: "invalid_trail",
      message: "an integer overflows int64",
      details: [{ path: "", message: "an integer overflows int64" }],
    };
    return { ...a, status: 400, body: JSON.stringify({ error }) };
  },
});
