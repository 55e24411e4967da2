import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's chromium (`apt-get install chromium`, as .ci/run does), or KEEL_CHROMIUM; playwright-core downloads no browser. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.KEEL_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

export const launch = (executablePath: string): Promise<Browser> =>
  chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });

/** What a page did while it was open: console errors, page errors, and every request past the page itself. */
export interface Watched {
  page: Page;
  errors: string[];
  requests: string[];
}

/** Writes `html` to `dir/name` and opens it from file://, watching its console and its requests. */
export async function open(
  browser: Browser,
  dir: string,
  name: string,
  html: string,
  js = true,
): Promise<Watched> {
  const file = join(dir, name);
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (r.url() !== url) requests.push(r.url());
  });
  await page.goto(url, { waitUntil: "load" });
  return { page, errors, requests };
}
