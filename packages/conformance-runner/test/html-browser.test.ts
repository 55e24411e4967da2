import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { html } from "../src/report/html.js";
import { mergedFiles } from "../src/report/merged.js";
import { chromiumPath, launch, open } from "./browser.js";
import { failingReport, sampleReport } from "./report-samples.js";

// CI installs Debian's chromium (.ci/run); elsewhere a missing browser is said, not hidden
const executable = chromiumPath();
if (!executable && process.env.CI)
  throw new Error("expected chromium (apt-get install chromium) for the browser tests, found none");
if (!executable)
  console.warn(
    "html-browser.test.ts: no chromium (/usr/bin/chromium or KEEL_CHROMIUM): the browser tests are skipped",
  );

describe.skipIf(!executable)("the html reports in a real browser", () => {
  let browser: Browser;
  const dir = tempDir("keel-html-");
  beforeAll(async () => {
    browser = await launch(executable as string);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const passing = () => {
    const r = sampleReport();
    const checks = r.checks.map((c) => ({ ...c, status: "pass" as const }));
    return { ...r, checks, passed: true, counts: { ...r.counts, pass: 2, fail: 0 } };
  };

  it("a passing run: the verdict and counts first, every check a row, nothing fetched, no console error", async () => {
    const { page, errors, requests } = await open(browser, dir, "passing.html", html(passing()));
    expect(await page.locator("h1 .verdict").textContent()).toBe("passed");
    expect(await page.locator('b[data-count="pass"]').textContent()).toBe("2");
    expect(await page.locator('b[data-count="fail"]').textContent()).toBe("0");
    expect(await page.locator("tr.check").count()).toBe(2);
    expect(await page.locator("#shown").textContent()).toBe("2");
    expect([errors, requests]).toEqual([[], []]);
  });

  it("with JavaScript off it is a plain table: every check listed, the filter bar not shown", async () => {
    const { page } = await open(browser, dir, "nojs.html", html(failingReport()), false);
    expect(await page.locator("tr.check:visible").count()).toBe(failingReport().checks.length);
    expect(await page.locator("#controls").isVisible()).toBe(false);
    // <details> still opens by itself
    await page.locator("tr.detail summary").first().click();
    expect(await page.locator("tr.detail .evidence").first().isVisible()).toBe(true);
  });

  it("failures of every channel: evidence shown once expanded, passes hidden by the filter, hostile content inert", async () => {
    const { page, errors, requests } = await open(browser, dir, "failing.html", html(failingReport()));
    expect(await page.locator('b[data-count="fail"]').textContent()).toBe("3");
    expect(await page.locator('b[data-count="xfail"]').textContent()).toBe("1");
    const http = page.locator("tr.check#c-myrmo\\/http-fail + tr.detail");
    expect(await http.locator(".evidence").isVisible()).toBe(false);
    await http.locator("summary").first().click();
    expect(await http.locator(".evidence h4").textContent()).toBe(
      "evidence · http · 2 messages (3 earlier messages not kept)",
    );
    expect(await http.locator(".msg.out code").first().textContent()).toBe("POST /v1/trails");
    expect(await http.locator(".msg.in code").first().textContent()).toBe("HTTP 500");
    expect(await http.locator(".diff mark").first().textContent()).toBe('202,"body":{"trail_id":"t-1');
    // the 1 MB body is folded: its first 2,000 characters shown, the rest behind a summary
    expect(await http.locator("details.more summary").first().textContent()).toMatch(
      /^1,04\d,\d{3} more characters$/,
    );
    // each channel's evidence, laid out as its messages are
    await page.locator("#expand").click();
    for (const [check, head] of [
      ["mira/rpc-fail", "initialize (id 1)"],
      ["slipway/cli-fail", "$ status --json"],
      ["slipway-host/served-warn", "$ next"],
    ])
      expect(
        await page.locator(`tr.check[id="c-${check}"] + tr.detail .msg code`).first().textContent(),
      ).toBe(head);
    expect(
      await page.locator('tr.check[id="c-slipway/cli-fail"] + tr.detail .part h5').allTextContents(),
    ).toEqual(["cwd", "stderr", "exit"]);
    // the filter hides passes
    await page.locator('#controls input[value="pass"]').uncheck();
    expect(await page.locator('tr.check[data-status="pass"]:visible').count()).toBe(0);
    expect(await page.locator("#shown").textContent()).toBe(String(failingReport().checks.length - 2));
    await page.locator("#controls input[type=search]").fill("cli-fail");
    expect(await page.locator("tr.check:visible").count()).toBe(1);
    // nothing the implementation sent ran: no script of its own, no image, no request, no error
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.locator("script").count()).toBe(1);
    expect(await page.locator("tr.check#c-myrmo\\/http-fail .reason").first().textContent()).toContain(
      "</script><script>window.pwned=1</script>",
    );
    expect([errors, requests]).toEqual([[], []]);
  });

  it("the merged matrix: a column per implementation with its totals and badge, a cell opens its evidence", async () => {
    const a = { ...passing(), implementation: "colony-a" };
    const b = { ...failingReport(), implementation: "colony-b", protocolVersion: "1.1" };
    const { files } = mergedFiles([
      { file: "a.json", report: a },
      { file: "b.json", report: b },
    ]);
    const page_ = files.find(([n]) => n === "report.html")?.[1] ?? "";
    const { page, errors, requests } = await open(browser, dir, "matrix.html", page_);
    expect(await page.locator("h1 .verdict").textContent()).toBe("1 of 2 runs failed");
    expect(await page.locator("table.matrix thead th").allTextContents()).toEqual([
      "check",
      "requirement",
      "colony-akeel 0.1.0 · myrmo 1.0",
      "colony-bkeel 0.1.0 · myrmo 1.1",
    ]);
    expect(await page.locator(".mixed").textContent()).toContain("protocol versions myrmo 1.0, myrmo 1.1");
    expect(await page.locator(".badges svg title").allTextContents()).toEqual([
      "conformance: 2/2",
      "conformance: 2/8",
    ]);
    const cell = page.locator('tr.check:has(code:text-is("myrmo/http-fail")) td.cell').nth(1);
    await cell.locator("details.ev > summary").click();
    expect(await cell.locator(".evidence .msg").count()).toBe(2);
    await page.locator('#controls input[value="pass"]').uncheck();
    expect(await page.locator('tr.check[data-status="pass"]:visible').count()).toBe(0);
    expect([errors, requests]).toEqual([[], []]);
  });
});
