/**
 * The unit under test: an entitlement check against an in-memory tenant table
 * (hop-bench spec, "The unit under test"). Every path, in-process or HTTP, calls this one function.
 */

/** A tenant's plan. */
export type Plan = 'free' | 'pro';

/** A check request: which tenant asks for which feature. */
export interface EntitlementRequest {
  tenantId: string;
  feature: string;
}

/** A check result: `limit` is the plan's limit for the feature (0 when unknown); `allowed` is `limit > 0`. */
export interface EntitlementResult {
  allowed: boolean;
  limit: number;
}

/** Number of tenants in the table: ids `t1` … `t1000`. */
export const TENANT_COUNT = 1000;

/** Feature limits per plan (spec: pro 10000/50/100000, free 10/3/1000). */
export const PLAN_LIMITS: ReadonlyMap<Plan, ReadonlyMap<string, number>> = new Map([
  ['pro', new Map([['exports', 10_000], ['seats', 50], ['api', 100_000]])],
  ['free', new Map([['exports', 10], ['seats', 3], ['api', 1_000]])],
]);

// A Map, not an object: a tenant id such as "__proto__" must not hit the prototype.
const TENANTS: ReadonlyMap<string, Plan> = new Map(
  Array.from({ length: TENANT_COUNT }, (_, k) => {
    const n = k + 1;
    return [`t${n}`, n % 10 === 0 ? 'pro' : 'free'] as const;
  }),
);

/**
 * Looks up a tenant's entitlement to a feature.
 * Unknown tenant → `{ allowed: false, limit: 0 }`; unknown feature → limit 0, not allowed. Never throws.
 */
export function checkEntitlement(request: EntitlementRequest): EntitlementResult {
  const plan = TENANTS.get(request.tenantId);
  if (plan === undefined) return { allowed: false, limit: 0 };
  const limit = PLAN_LIMITS.get(plan)?.get(request.feature) ?? 0;
  return { allowed: limit > 0, limit };
}

/** Request number `i` (0-based): tenant `t{(i % 1000) + 1}`, feature `exports` when i % 3 == 0, else `seats`. */
export function requestFor(i: number): EntitlementRequest {
  return { tenantId: `t${(i % TENANT_COUNT) + 1}`, feature: i % 3 === 0 ? 'exports' : 'seats' };
}
