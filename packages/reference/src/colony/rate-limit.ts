import { limitHeader, remainingHeader, resetHeader, retryAfterHeader } from "./facts.js";

export interface RateLimitOptions {
  /** requests per window and client address */
  limit: number;
  windowSeconds: number;
}

/** Generous by default: a conformance load run (16 writers × 50 trails, each read back) stays far below it. */
export const defaultRateLimit: RateLimitOptions = { limit: 100_000, windowSeconds: 60 };

/**
 * A fixed window per client address. Every answer carries the RateLimit-* headers; a request over the
 * limit also gets Retry-After (seconds until the window resets).
 */
export class RateLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private counts = new Map<string, number>();

  constructor(
    private readonly options: RateLimitOptions = defaultRateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one request; the headers to send and whether it is over the limit. */
  take(client: string): { allowed: boolean; headers: Record<string, string> } {
    const now = this.now();
    const windowMs = this.options.windowSeconds * 1000;
    if (now >= this.windowStart + windowMs) {
      this.windowStart = now;
      this.counts.clear();
    }
    const used = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, used);
    const reset = Math.max(0, Math.ceil((this.windowStart + windowMs - now) / 1000));
    const allowed = used <= this.options.limit;
    const headers: Record<string, string> = {
      [limitHeader]: String(this.options.limit),
      [remainingHeader]: String(Math.max(0, this.options.limit - used)),
      [resetHeader]: String(reset),
    };
    if (!allowed) headers[retryAfterHeader] = String(Math.max(1, reset));
    return { allowed, headers };
  }
}
