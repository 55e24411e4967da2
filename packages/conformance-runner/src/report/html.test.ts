import { describe, expect, it } from "vitest";
import { failingReport } from "../../test/report-samples.js";
import { html } from "./html.js";
import { diff } from "./html-evidence.js";

describe("the html report", () => {
  const page = html(failingReport());

  it("is one file: no resource is fetched, only the page's own style and script", () => {
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page.match(/<style\b/g)).toHaveLength(1);
    // every "<" of the content is escaped, so a tag here is the page's own markup: none loads anything
    expect(/<[a-z][^>]*\s(?:src|href|action)\s*=/i.test(page)).toBe(false);
    expect(page).toContain("Content-Security-Policy");
  });

  it("shows hostile content as text: the markup escaped, control characters as visible escapes", () => {
    expect(page).not.toContain("</script><script>window.pwned");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&#60;/script&#62;&#60;script&#62;window.pwned=1");
    for (const c of ["\\u0000", "\\u001b", "\\u202e", "\\ud800"])
      expect(page).toContain(`<span class="ctl">${c}</span>`);
    for (const raw of ["\u0000", "\u001b", "\u202e"]) expect(page).not.toContain(raw);
  });

  it("keeps a 1 MB body, folded after its first characters", () => {
    expect(page.length).toBeGreaterThan(1024 * 1024);
    expect(page).toMatch(/<details class="more"><summary>[\d,]+ more characters<\/summary>/);
  });

  it("lists every check as a table row, grouped by area, with its requirement quoted", () => {
    expect(page.match(/<tr class="check"/g)).toHaveLength(failingReport().checks.length);
    expect(page).toContain("Myrmo docs/colony.md § Publishing (8)");
    expect(page).toContain("golden exchanges (1)");
    expect(page).toMatch(/<code>myrmo\/publish-accepted<\/code> <span class="lvl">MUST<\/span> <q>/);
  });

  it("marks what differs between expected and actual, leaving the common parts plain", () => {
    expect(diff('{"status":202}', '{"status":500}')).toContain(
      "<pre>{&#34;status&#34;:<mark>202</mark>}</pre>",
    );
    expect(diff('{"status":202}', '{"status":500}')).toContain("<mark>500</mark>");
  });
});
