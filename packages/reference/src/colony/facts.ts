import { registryEntry } from "@keel/myrmo";

// What a colony serves, read from the registry (schemas/registry.json → facts.colony) through the
// generated @keel/myrmo constants: routes, success statuses, error codes and their statuses, limits.
const colony = registryEntry.facts.colony;

export type RouteName = "publish" | "trail" | "outcome" | "by_fingerprint" | "health";
export type ErrorCode = keyof typeof colony.errors.codes;

export const bodyLimitBytes: number = colony.bodyLimitBytes;
export const maxDetails: number = colony.errors.detailsMax;
export const [limitHeader, remainingHeader, resetHeader] = colony.rateLimit.headers as [
  string,
  string,
  string,
];
export const retryAfterHeader: string = colony.rateLimit.retryAfter;

export interface Route {
  name: RouteName;
  method: string;
  /** the path template's parameter names, in order */
  params: string[];
  pattern: RegExp;
  success: number;
}

/** `/v1/trails/{trail_id}` → a pattern matching one non-empty segment per `{name}`. */
function compile(path: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{([a-z_]+)\\?\}/g, (_m, name) => {
    params.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), params };
}

export const routes: Route[] = colony.routes.map((r) => ({
  name: r.name as RouteName,
  method: r.method,
  success: r.success.status,
  ...compile(r.path),
}));

export function statusOf(code: ErrorCode): number {
  return colony.errors.codes[code].status;
}

/** The route for a method and path, with its decoded parameters; undefined when none matches. */
export function matchRoute(method: string, path: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (m === null) continue;
    try {
      return { route, params: m.slice(1).map((p) => decodeURIComponent(p)) };
    } catch {
      return undefined; // a malformed %-escape names no resource
    }
  }
  return undefined;
}
