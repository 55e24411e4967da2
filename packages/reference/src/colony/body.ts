import type { IncomingMessage } from "node:http";
import { Refusal } from "./errors.js";
import { bodyLimitBytes } from "./facts.js";

/**
 * The request body, refused with too_large as soon as it passes the limit: a declared Content-Length over
 * it is refused before reading, a streamed body once the running count passes it. Nothing past the limit
 * is kept; the rest is read and dropped (briefly, so the client can read the 413) and the socket closed.
 */
export function readBody(req: IncomingMessage, limit = bodyLimitBytes): Promise<Buffer> {
  const declared = Number(declaredLength(req.rawHeaders) ?? Number.NaN);
  if (declared > limit) {
    discard(req);
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        discard(req);
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)); // one chunk: no copy
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * The Content-Length sent, read from the raw header list: `req.headers` would build the whole header
 * object on first use, a cost the hot path does not need (node:http has already refused a request with
 * conflicting lengths).
 */
function declaredLength(raw: string[]): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 14 && name.toLowerCase() === "content-length") return raw[i + 1];
  }
  return undefined;
}

const tooLarge = (limit: number) =>
  new Refusal("too_large", `expected a body of at most ${limit} bytes, found more`, undefined, {
    connection: "close",
  });

/** Drop the rest of an over-long body without keeping it; close the socket after a second at most. */
function discard(req: IncomingMessage): void {
  req.on("data", () => {});
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), 1000);
  timer.unref();
  req.socket.once("close", () => clearTimeout(timer));
}
