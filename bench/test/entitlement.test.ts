import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkEntitlement, requestFor } from '../src/harness/entitlement.ts';

test('pro tenants (N % 10 == 0) get pro limits', () => {
  assert.deepEqual(checkEntitlement({ tenantId: 't10', feature: 'exports' }), { allowed: true, limit: 10_000 });
  assert.deepEqual(checkEntitlement({ tenantId: 't1000', feature: 'seats' }), { allowed: true, limit: 50 });
  assert.deepEqual(checkEntitlement({ tenantId: 't500', feature: 'api' }), { allowed: true, limit: 100_000 });
});

test('free tenants get free limits', () => {
  assert.deepEqual(checkEntitlement({ tenantId: 't1', feature: 'exports' }), { allowed: true, limit: 10 });
  assert.deepEqual(checkEntitlement({ tenantId: 't999', feature: 'seats' }), { allowed: true, limit: 3 });
  assert.deepEqual(checkEntitlement({ tenantId: 't11', feature: 'api' }), { allowed: true, limit: 1_000 });
});

test('unknown tenants and features are refused with limit 0', () => {
  assert.deepEqual(checkEntitlement({ tenantId: 't0', feature: 'exports' }), { allowed: false, limit: 0 });
  assert.deepEqual(checkEntitlement({ tenantId: 't1001', feature: 'exports' }), { allowed: false, limit: 0 });
  assert.deepEqual(checkEntitlement({ tenantId: '__proto__', feature: 'exports' }), { allowed: false, limit: 0 });
  assert.deepEqual(checkEntitlement({ tenantId: 't10', feature: 'sso' }), { allowed: false, limit: 0 });
  assert.deepEqual(checkEntitlement({ tenantId: 't10', feature: 'toString' }), { allowed: false, limit: 0 });
});

test('request i asks for tenant (i % 1000) + 1 and exports every third call', () => {
  assert.deepEqual(requestFor(0), { tenantId: 't1', feature: 'exports' });
  assert.deepEqual(requestFor(1), { tenantId: 't2', feature: 'seats' });
  assert.deepEqual(requestFor(3), { tenantId: 't4', feature: 'exports' });
  assert.deepEqual(requestFor(999), { tenantId: 't1000', feature: 'exports' });
  assert.deepEqual(requestFor(1000), { tenantId: 't1', feature: 'seats' });
});
