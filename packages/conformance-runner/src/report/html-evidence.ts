import type { Evidence, EvidenceMessage } from "../evidence.js";
import { asText, esc, show } from "./html-escape.js";

/** Characters shown before a payload folds (the rest is one click away, in the same file). */
export const FOLD = 2000;
/** Characters of unchanged context kept on each side of a difference. */
const CONTEXT = 240;

/** A payload in a <pre>, folded past `FOLD` characters. */
export function payload(text: string): string {
  if (text.length <= FOLD) return `<pre>${show(text)}</pre>`;
  const rest = text.length - FOLD;
  return `<pre>${show(text.slice(0, FOLD))}</pre><details class="more"><summary>${rest.toLocaleString("en")} more characters</summary><pre>${show(text.slice(FOLD))}</pre></details>`;
}

/** Expected vs actual side by side, the part that differs marked (common prefix and suffix left plain). */
export function diff(expected: string, actual: string, labels = ["expected", "actual"]): string {
  let p = 0;
  while (p < expected.length && p < actual.length && expected[p] === actual[p]) p++;
  let q = 0;
  while (
    q < expected.length - p &&
    q < actual.length - p &&
    expected[expected.length - 1 - q] === actual[actual.length - 1 - q]
  )
    q++;
  const side = (s: string) => {
    const head = s.slice(0, p);
    const mid = s.slice(p, s.length - q);
    const tail = s.slice(s.length - q);
    const before = head.length > CONTEXT ? `…${head.slice(-CONTEXT)}` : head;
    const after = tail.length > CONTEXT ? `${tail.slice(0, CONTEXT)}…` : tail;
    const marked =
      mid.length > FOLD
        ? `${show(mid.slice(0, FOLD))}</mark><details class="more"><summary>${(mid.length - FOLD).toLocaleString("en")} more characters</summary><mark>${show(mid.slice(FOLD))}</mark></details><mark>`
        : show(mid);
    return `<pre>${show(before)}<mark>${marked}</mark>${show(after)}</pre>`;
  };
  return `<div class="diff"><div><h5>${esc(labels[0] ?? "")}</h5>${side(expected)}</div><div><h5>${esc(labels[1] ?? "")}</h5>${side(actual)}</div></div>`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The one-line head of a message: the HTTP request line or status, the command line, the exit. */
function headline(channel: Evidence["channel"], m: EvidenceMessage): string {
  if (channel === "rpc-stdio") return rpcHeadline(m.data);
  const d = m.data;
  if (!isRecord(d)) return "message";
  if (typeof d.method === "string" && typeof d.path === "string") return `${d.method} ${d.path}`;
  if (typeof d.status === "number") return `HTTP ${d.status}`;
  if (Array.isArray(d.argv)) return `$ ${d.argv.map(String).join(" ")}`;
  if (isRecord(d.host)) return `the host exited: ${asText(d.host.exit ?? d.host.signal)}`;
  if ("exit" in d || "signal" in d)
    return `exit ${asText(d.exit ?? null)}${d.signal ? ` (${asText(d.signal)})` : ""}`;
  return "message";
}

/** A JSON-RPC line by what it is: a call by its method and id, an answer by the id it answers. */
function rpcHeadline(data: unknown): string {
  let d = data;
  if (typeof d === "string")
    try {
      d = JSON.parse(d);
    } catch {
      return "a line that is not JSON";
    }
  if (!isRecord(d)) return "a line that is not an object";
  const id = d.id === undefined ? "" : ` (id ${asText(d.id)})`;
  if (typeof d.method === "string") return `${d.method}${id}`;
  return `${"error" in d ? "error" : "result"}${id}`;
}

// an envelope's parts shown one by one, in a reader's order; a JSON-RPC line is shown whole
const PARTS = [
  "headers",
  "body",
  "cwd",
  "stdin",
  "stdout",
  "stderr",
  "exit",
  "signal",
  "host",
  "missing",
  "error",
];

function message(channel: Evidence["channel"], m: EvidenceMessage, t0: number): string {
  const who = m.direction === "out" ? "keel → implementation" : "implementation → keel";
  const d = m.data;
  const split = isRecord(d) && typeof d.jsonrpc !== "string" && channel !== "rpc-stdio";
  const parts = split
    ? PARTS.filter((k) => d[k] !== undefined && d[k] !== null && d[k] !== "").map(
        (k) => `<div class="part"><h5>${esc(k)}</h5>${payload(asText(d[k]))}</div>`,
      )
    : [payload(typeof d === "string" ? d : (JSON.stringify(d) ?? ""))];
  return `<li class="msg ${m.direction}"><div class="head"><span class="who">${who}</span> <code>${show(headline(channel, m))}</code> <span class="t">+${Math.max(0, m.at - t0)} ms</span></div>${parts.join("")}</li>`;
}

/** The exchanges a verdict was judged on, in order, each message with its parts. */
export function evidenceHtml(e: Evidence): string {
  const t0 = e.exchanges[0]?.at ?? 0;
  const notes = [
    e.omitted ? `${e.omitted} earlier messages not kept` : "",
    e.clipped ? `${e.clipped.toLocaleString("en")} characters cut from long strings` : "",
  ].filter(Boolean);
  return `<div class="evidence"><h4>evidence · ${esc(e.channel)} · ${e.exchanges.length} messages${notes.length ? ` (${esc(notes.join("; "))})` : ""}</h4><ol>${e.exchanges.map((m) => message(e.channel, m, t0)).join("")}</ol></div>`;
}
