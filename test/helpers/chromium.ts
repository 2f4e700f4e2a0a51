/**
 * Debian's chromium, headless, driven over the DevTools protocol on a pipe
 * (`--remote-debugging-pipe`: commands on fd 3, answers and events on fd 4,
 * each a JSON message ended by a NUL byte), since Node 20 has no stable
 * WebSocket client. No dependency, no downloaded browser. A fresh profile
 * per browser, removed on close; the browser exits when its pipe closes, so
 * a test process that dies takes it along.
 *
 * What a page is asked goes through `evaluate` (the DOM as laid out), what
 * it loads through the Network events, what it complains of through the
 * console and log events.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** True (and a loud warning) when chromium is missing and tools are not required; under FENCE_REQUIRE_TOOLS=1 the tests run and fail. */
export function chromiumMissing(): boolean {
  if (CHROMIUM !== undefined || process.env.FENCE_REQUIRE_TOOLS === '1') return false;
  console.warn('\n*** SKIPPING browser tests: chromium is not installed (apt-get install chromium) ***\n');
  return true;
}

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
}

export interface PageEvents {
  /** Every URL the page asked for (Network.requestWillBeSent). */
  requests: string[];
  /** Console errors, uncaught exceptions and log entries at error level (CSP violations among them). */
  errors: string[];
}

export class Browser {
  private readonly child: ChildProcess;
  private readonly profile: string;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(method: string, params: Record<string, unknown>, sessionId?: string) => void>();
  private buffer = '';
  private exited = false;

  constructor() {
    if (!CHROMIUM) throw new Error('chromium is not installed (apt-get install chromium)');
    this.profile = mkdtempSync(join(tmpdir(), 'ft-chromium-'));
    const args = [
      '--headless',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-pipe',
      `--user-data-dir=${this.profile}`,
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      'about:blank',
    ];
    this.child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    this.child.on('exit', () => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error('chromium exited'));
      this.pending.clear();
    });
    const out = this.child.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => this.receive(chunk));
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end)) as {
        id?: number;
        result?: Record<string, unknown>;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
      };
      this.buffer = this.buffer.slice(end + 1);
      if (message.id !== undefined) {
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) p?.reject(new Error(message.error.message));
        else p?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const l of this.listeners) l(message.method, message.params ?? {}, message.sessionId);
      }
      end = this.buffer.indexOf('\0');
    }
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.exited) return Promise.reject(new Error('chromium exited'));
    const id = this.nextId++;
    const promise = new Promise<Record<string, unknown>>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return promise;
  }

  /** Resolves with the first event `method` (of `sessionId`) that `accept` takes. */
  waitForEvent(method: string, sessionId: string, accept: (params: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const listener = (m: string, params: Record<string, unknown>, s?: string) => {
        if (m === method && s === sessionId && accept(params)) {
          this.listeners.delete(listener);
          resolve(params);
        }
      };
      this.listeners.add(listener);
    });
  }

  /** A new tab of `width` x `height` CSS pixels, recording its requests and errors; offline when asked. */
  async newPage(options: { width?: number; height?: number; offline?: boolean } = {}): Promise<Page> {
    const { targetId } = (await this.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    const events: PageEvents = { requests: [], errors: [] };
    this.listeners.add((method, params, s) => {
      if (s !== sessionId) return;
      if (method === 'Network.requestWillBeSent') events.requests.push(String((params.request as { url: string }).url));
      if (method === 'Runtime.consoleAPICalled' && (params.type === 'error' || params.type === 'assert')) events.errors.push(JSON.stringify(params.args));
      if (method === 'Runtime.exceptionThrown') events.errors.push(JSON.stringify(params.exceptionDetails));
      if (method === 'Log.entryAdded' && (params.entry as { level: string }).level === 'error') events.errors.push((params.entry as { text: string }).text);
    });
    for (const domain of ['Page', 'Runtime', 'Log', 'Network']) await this.send(`${domain}.enable`, {}, sessionId);
    await this.send(
      'Emulation.setDeviceMetricsOverride',
      { width: options.width ?? 1280, height: options.height ?? 900, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    if (options.offline)
      await this.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }, sessionId);
    return new Page(this, sessionId, targetId, events);
  }

  /** Ends chromium (Browser.close, then SIGKILL if it lingers) and removes its profile. */
  async close(): Promise<void> {
    if (!this.exited) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      await this.send('Browser.close').catch(() => undefined);
      const lingering = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(lingering);
    }
    rmSync(this.profile, { recursive: true, force: true });
  }
}

export class Page {
  constructor(
    private readonly browser: Browser,
    readonly sessionId: string,
    readonly targetId: string,
    readonly events: PageEvents,
  ) {}

  /** Opens `url` and waits for its load event. */
  async open(url: string): Promise<void> {
    const loaded = this.browser.waitForEvent('Page.loadEventFired', this.sessionId);
    const result = (await this.browser.send('Page.navigate', { url }, this.sessionId)) as { errorText?: string };
    if (result.errorText) throw new Error(`could not open ${url}: ${result.errorText}`);
    await loaded;
  }

  /** The value of `expression` in the page (awaited when it is a promise), as JSON. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = (await this.browser.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, this.sessionId)) as {
      result: { value: T };
      exceptionDetails?: unknown;
    };
    if (r.exceptionDetails) throw new Error(`evaluate failed: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  }

  /** A PNG of the whole page. */
  async screenshot(): Promise<Buffer> {
    const { data } = (await this.browser.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, this.sessionId)) as { data: string };
    return Buffer.from(data, 'base64');
  }

  async close(): Promise<void> {
    await this.browser.send('Target.closeTarget', { targetId: this.targetId });
  }
}

/**
 * How many pixels of a PNG are not the page's white, counted by the browser
 * itself in a blank tab (no PNG decoder here): a screenshot of a blank or
 * failed page has none.
 */
export async function inkedPixels(browser: Browser, png: Buffer): Promise<{ width: number; height: number; inked: number }> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(`new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => {
        const c = document.createElement('canvas');
        c.width = img.width; c.height = img.height;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        let inked = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240) inked++;
        resolve({ width: img.width, height: img.height, inked });
      };
      img.onerror = () => reject(new Error('not an image'));
      img.src = 'data:image/png;base64,${png.toString('base64')}';
    })`);
  } finally {
    await page.close();
  }
}
