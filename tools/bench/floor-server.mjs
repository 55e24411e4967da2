// The floor for the colony benchmark: a bare node:http server that reads each request body and answers
// 202 with a publish-sized JSON body, nothing else. Prints its URL on stdout like keel-colony.
import { createServer } from "node:http";

const answer = JSON.stringify({
  trail_id: "00000000-0000-4000-8000-000000000000",
  fingerprint: "fp1-00000000000000000000000000000000",
  status: "queued",
  status_url: "/v1/trails/00000000-0000-4000-8000-000000000000",
});
const server = createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    res.writeHead(202, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
