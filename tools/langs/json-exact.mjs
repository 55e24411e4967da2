// JSON read with every number kept as its decimal text, so a round trip that changes 2^53 + 1 or
// 1784020561482913000 is caught (JSON.parse would round both sides alike and hide it).

/** A JSON number as its decimal text (a class, so no document's own `{"num": …}` is mistaken for one). */
export class Num {
  constructor(text) {
    this.num = text;
  }
}

/** Parse JSON text; numbers become `Num`s. */
export function parseExact(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out = {};
      ws();
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        i++; // :
        Object.defineProperty(out, key, {
          value: value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        ws();
        if (text[i++] === "}") return out;
      }
    }
    if (c === "[") {
      i++;
      const out = [];
      ws();
      if (text[i] === "]") {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        if (text[i++] === "]") return out;
      }
    }
    if (c === '"') return string();
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (m === null) throw new Error(`not JSON at offset ${i}`);
    i += m[0].length;
    if (m[0] === "true") return true;
    if (m[0] === "false") return false;
    if (m[0] === "null") return null;
    return new Num(m[0]);
  };
  const string = () => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const out = value();
  ws();
  if (i !== text.length) throw new Error(`trailing text at offset ${i}`);
  return out;
}

/** A parsed value as compact JSON text, numbers exactly as read. */
export function stringifyExact(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stringifyExact).join(",")}]`;
  if (isNum(v)) return v.num;
  return `{${Object.entries(v)
    .map(([k, x]) => `${JSON.stringify(k)}:${stringifyExact(x)}`)
    .join(",")}}`;
}

/** From a plain JS value (a YAML document): numbers as JavaScript prints them. */
export function fromPlain(v) {
  if (typeof v === "number") return new Num(String(v));
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  const out = {};
  for (const [k, x] of Object.entries(v))
    Object.defineProperty(out, k, {
      value: fromPlain(x),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

const isNum = (v) => v instanceof Num;

/**
 * Two numbers are equal when their decimal values are (`1.0` = `1`, `1e2` = `100`), or, for a float
 * printed differently, when both read as the same double, unless either is an integer beyond 2^53.
 */
function sameNumber(a, b) {
  const ca = canonical(a);
  const cb = canonical(b);
  if (ca.key === cb.key) return true;
  if (ca.bigInt || cb.bigInt) return false;
  return Number(a) === Number(b);
}

function canonical(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  let digits = (m[2] + (m[3] ?? "")).replace(/^0+/, "");
  let exp = Number(m[4] ?? 0) - (m[3] ?? "").length;
  while (digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    exp++;
  }
  if (digits === "") return { key: "0", bigInt: false };
  const isInt = exp >= 0;
  const bigInt = isInt && digits.length + exp > 15 && BigInt(digits + "0".repeat(exp)) > 2n ** 53n;
  return { key: `${m[1]}${digits}e${exp}`, bigInt };
}

/** The JSON Pointer of the first difference between two exact values, or undefined when equal. */
export function firstDifference(a, b, pointer = "") {
  if (isNum(a) && isNum(b)) return sameNumber(a.num, b.num) ? undefined : pointer || "/";
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return a === b ? undefined : pointer || "/";
  if (Array.isArray(a) !== Array.isArray(b) || isNum(a) !== isNum(b)) return pointer || "/";
  if (Array.isArray(a)) {
    for (let k = 0; k < Math.max(a.length, b.length); k++) {
      const d =
        k < a.length && k < b.length ? firstDifference(a[k], b[k], `${pointer}/${k}`) : `${pointer}/${k}`;
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    const at = `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) return at;
    const d = firstDifference(a[k], b[k], at);
    if (d !== undefined) return d;
  }
  return undefined;
}
