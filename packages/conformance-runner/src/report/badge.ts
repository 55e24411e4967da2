import type { ConformReport } from "../conform.js";
import { esc } from "./html-escape.js";

/** `38/38`: checks passed out of the checks judged (skipped ones are not judged). */
export const score = (r: ConformReport): string => `${r.counts.pass}/${r.checks.length - r.counts.skip}`;

/** An SVG badge (`conformance: 38/38`), green when every judged check passed, red on a failure, amber otherwise. */
export function badge(r: ConformReport, label = "conformance"): string {
  const value = r.couldNotStart ? "could not start" : score(r);
  const colour = r.counts.fail > 0 || r.couldNotStart ? "#cf222e" : r.passed ? "#1a7f37" : "#9a6700";
  const w = (s: string) => 10 + s.length * 7;
  const a = w(label);
  const b = w(value);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${a + b}" height="20" role="img" aria-label="${esc(`${label}: ${value}`)}"><title>${esc(`${label}: ${value}`)}</title><rect width="${a}" height="20" fill="#555"/><rect x="${a}" width="${b}" height="20" fill="${colour}"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${a / 2}" y="14">${esc(label)}</text><text x="${a + b / 2}" y="14">${esc(value)}</text></g></svg>`;
}
