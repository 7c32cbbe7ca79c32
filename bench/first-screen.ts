/**
 * The JavaScript a phone downloads while a page's first screen loads, counted in headless Chromium
 * (playwright-core, /usr/bin/chromium or CHROME_PATH) as the browser fetches it: every script
 * response (module scripts, modulepreloads, chunks imported by lazy parts while the page hydrates),
 * sized as it came over the wire. Used by page-budget.ts and bundle-report.ts; not a bench itself.
 */
import { chromium, devices, type Browser, type Request } from "playwright-core";

export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
export const CHROME_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"];

/**
 * A script response: its URL path, its body as sent (encoded), the encoding it was sent in, and
 * whether the page's HTML does not name it (fetched by an import() while the page ran: a lazy part).
 */
export type ScriptLoad = { path: string; bytes: number; encoding: string; lazy: boolean };

export type FirstScreen = {
  /** Where the page ended up (a redirect shows here). */
  finalPath: string;
  status: number;
  scripts: ScriptLoad[];
  kb: number;
  /** Offer cards (data-testid="offer") at least partly inside the first screen. */
  offersOnFirstScreen: number;
  /** Every same-origin link on the page (path and query), to find pages that take a parameter. */
  links: string[];
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
}

/** "a=1; b=2" (a Cookie header) as Playwright's cookies for `url`. */
function cookiesFor(header: string, url: string) {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url }));
}

/** The body's bytes as received: Chromium's count of the encoded body, checked against Content-Length. */
async function scriptLoad(request: Request): Promise<Omit<ScriptLoad, "lazy">> {
  const response = await request.response();
  if (!response) throw new Error(`${request.url()}: no response`);
  if (response.status() !== 200) throw new Error(`${request.url()} answered ${response.status()}`);
  const headers = await response.allHeaders();
  const { responseBodySize } = await request.sizes();
  const declared = Number(headers["content-length"]);
  if (Number.isFinite(declared) && declared !== responseBodySize) {
    throw new Error(`${request.url()}: ${responseBodySize} bytes received, Content-Length ${declared}`);
  }
  return { path: new URL(request.url()).pathname, bytes: responseBodySize, encoding: headers["content-encoding"] ?? "identity" };
}

/**
 * Opens `url` in a fresh context (empty cache; a Pixel 7's screen; Accept-Encoding gzip only, as
 * the budget counts gzip) with `cookie`, and waits until the page has asked for nothing for
 * `quietMs` after the load event, so that what lazy parts import while the page hydrates is in.
 */
export async function firstScreen(browser: Browser, url: string, cookie = "", quietMs = 1_500): Promise<FirstScreen> {
  const context = await browser.newContext({ ...devices["Pixel 7"], extraHTTPHeaders: { "Accept-Encoding": "gzip" } });
  try {
    if (cookie) await context.addCookies(cookiesFor(cookie, url));
    const page = await context.newPage();
    // Settled at once (a failure kept as its Error), so that none is an unhandled rejection meanwhile.
    const loads: Array<Promise<Omit<ScriptLoad, "lazy"> | Error>> = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on("request", () => {
      inFlight++;
      lastActivity = Date.now();
    });
    const settled = (request: Request) => {
      inFlight--;
      lastActivity = Date.now();
      if (request.resourceType() !== "script") return;
      const failure = request.failure();
      loads.push(
        failure ? Promise.resolve(new Error(`${request.url()}: ${failure.errorText}`)) : scriptLoad(request).catch((error: Error) => error),
      );
    };
    page.on("requestfinished", settled);
    page.on("requestfailed", settled);
    const response = await page.goto(url, { waitUntil: "load" });
    const deadline = Date.now() + 30_000;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`${url}: still loading after 30 s`);
      await page.waitForTimeout(100);
    }
    const results = await Promise.all(loads);
    const failed = results.find((result) => result instanceof Error);
    if (failed) throw failed;
    const html = (await response?.text()) ?? "";
    const scripts = (results as Array<Omit<ScriptLoad, "lazy">>).map((script) => ({ ...script, lazy: !html.includes(script.path) }));
    const { offersOnFirstScreen, links } = await page.evaluate(() => ({
      offersOnFirstScreen: [...document.querySelectorAll('[data-testid="offer"]')].filter((offer) => {
        const box = offer.getBoundingClientRect();
        return box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
      }).length,
      links: [...document.querySelectorAll("a[href]")]
        .map((link) => new URL((link as HTMLAnchorElement).href))
        .filter((url) => url.origin === location.origin)
        .map((url) => `${url.pathname}${url.search}`),
    }));
    return {
      finalPath: new URL(page.url()).pathname,
      status: response?.status() ?? 0,
      scripts,
      kb: scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024,
      offersOnFirstScreen,
      links,
    };
  } finally {
    await context.close();
  }
}
