/**
 * THE access matrix (issue 9): every /api route, called by every kind of caller, with the status
 * it must answer. command-api/src/access.int.test.ts runs it and fails when a route of the app is
 * missing here, so a new route cannot ship without saying who may call it.
 *
 * Adding a route: one entry, keyed `METHOD /url` exactly as registered (`:params` included).
 * - `path(w)`: the URL to call, built from the world the test arranged (`w.vesselA` is in fleet F1,
 *   the scope of fmF1 and auditorF1 and the captain's own vessel; `w.vesselV2` is fmV2's only one).
 * - `body`: what to send. For commands, send something INVALID (usually `{}`): a caller who passes
 *   the access check then gets 400 and nothing is recorded, so one matrix run changes nothing.
 * - `expect`: the status per caller. Use the presets below and override what differs.
 * A route about a vessel must answer 404 (never 403) to a caller whose scope does not hold it.
 */
import type { TestApp } from './harness';

export const CALLERS = ['anonymous', 'pending', 'suspended', 'captainA', 'fmF1', 'fmV2', 'auditorF1', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Expectation = Record<Caller, number>;

export interface MatrixWorld {
  t: TestApp;
  /** In fleet F1, assigned (through F1) to fmF1 and auditorF1; the captain's vessel. */
  vesselA: string;
  /** In fleet F2, assigned directly to fmV2 only. */
  vesselV2: string;
  /** A batch on vesselA. */
  batchA: string;
  /** A user nobody but an admin may administer. */
  someUser: string;
  /** A draft order on vesselA (supplier 'Matrix Supply'). */
  orderA: string;
}

export interface MatrixEntry {
  path: (w: MatrixWorld) => string | Promise<string>;
  body?: unknown;
  expect: Expectation;
}

const loggedOut = { anonymous: 401, pending: 403, suspended: 401 } as const;

/** Anyone (the caller's session does not matter). */
export const anyone = (status: number): Expectation => ({
  anonymous: status,
  pending: status,
  suspended: status,
  captainA: status,
  fmF1: status,
  fmV2: status,
  auditorF1: status,
  admin: status,
});

/** Any logged-in account, a pending one too (a suspended one has no session left). */
export const signedIn = (status: number): Expectation => ({ ...anyone(status), anonymous: 401, suspended: 401 });

/** Admin only: everybody else logged in gets 403. */
export const adminOnly = (status: number): Expectation => ({
  ...loggedOut,
  captainA: 403,
  fmF1: 403,
  fmV2: 403,
  auditorF1: 403,
  admin: status,
});

/** A fleet-wide read (lists answer each caller's own scope). */
export const fleetRead = (status = 200): Expectation => ({
  ...loggedOut,
  captainA: 403,
  fmF1: status,
  fmV2: status,
  auditorF1: status,
  admin: status,
});

/** A fleet-wide command: auditors are read-only. */
export const fleetCommand = (status: number): Expectation => ({ ...fleetRead(status), auditorF1: 403 });

/** A read about vesselA by a fleet route: fmV2's scope does not hold it (404). */
export const vesselARead = (status = 200): Expectation => ({ ...fleetRead(status), fmV2: 404 });
/** A command about vesselA by a fleet route. */
export const vesselACommand = (status: number): Expectation => ({ ...vesselARead(status), auditorF1: 403 });
/** A read about vesselA's chest: its captain reads it too. */
export const chestARead = (status = 200): Expectation => ({ ...vesselARead(status), captainA: status });
/** A command about vesselA's chest: its captain may do it; auditors may not. */
export const chestACommand = (status: number): Expectation => ({ ...vesselACommand(status), captainA: status });

/** The captain portal's own calls: the captain on their vessel; every fleet role 403. */
export const captainOnly = (status = 200): Expectation => ({
  ...loggedOut,
  captainA: status,
  fmF1: 403,
  fmV2: 403,
  auditorF1: 403,
  admin: 403,
});

export const ACCESS_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/health': { path: () => '/api/health', expect: anyone(200) },
  'GET /api/login': { path: () => '/api/login', expect: anyone(302) },
  'POST /api/auth/login': { path: () => '/api/auth/login', body: {}, expect: anyone(400) },
  'POST /api/demo/login': { path: () => '/api/demo/login', body: {}, expect: anyone(400) },
  'POST /api/auth/signup': { path: () => '/api/auth/signup', body: {}, expect: anyone(400) },
  'POST /api/auth/forgot-password': { path: () => '/api/auth/forgot-password', body: {}, expect: anyone(400) },
  'POST /api/auth/reset-password': { path: () => '/api/auth/reset-password', body: {}, expect: anyone(400) },
  // Logged out is not an error here: 200 with null (docs/decisions.md).
  'GET /api/auth/user': { path: () => '/api/auth/user', expect: anyone(200) },
  // An invalid phone: 400 for every account (the profile is any account's own, auditors' too).
  'PATCH /api/auth/profile': { path: () => '/api/auth/profile', body: { phone: 'call me' }, expect: signedIn(400) },

  'GET /api/dashboard/stats': { path: () => '/api/dashboard/stats', expect: fleetRead() },
  'GET /api/dashboard/fleet-compliance': { path: () => '/api/dashboard/fleet-compliance', expect: fleetRead() },
  'GET /api/dashboard/critical-items': { path: () => '/api/dashboard/critical-items', expect: fleetRead() },
  'GET /api/dashboard/all-activities': { path: () => '/api/dashboard/all-activities', expect: fleetRead() },

  'GET /api/vessels': { path: () => '/api/vessels', expect: fleetRead() },
  'POST /api/vessels': { path: () => '/api/vessels', body: {}, expect: fleetCommand(400) },
  'GET /api/vessels/:id': { path: (w) => `/api/vessels/${w.vesselA}`, expect: vesselARead() },
  'PUT /api/vessels/:id': { path: (w) => `/api/vessels/${w.vesselA}`, body: {}, expect: vesselACommand(400) },
  // The id of no vessel: allowed callers reach the command (404 Vessel not found), like the others.
  'DELETE /api/vessels/:id': {
    path: () => '/api/vessels/00000000-0000-4000-8000-000000000000',
    expect: { ...fleetCommand(404) },
  },

  'GET /api/vessels/:id/inventory': { path: (w) => `/api/vessels/${w.vesselA}/inventory`, expect: chestARead() },
  'GET /api/vessels/:id/hierarchical-inventory': { path: (w) => `/api/vessels/${w.vesselA}/hierarchical-inventory`, expect: chestARead() },
  'POST /api/vessels/:id/inventory/bulk-import': {
    path: (w) => `/api/vessels/${w.vesselA}/inventory/bulk-import`,
    body: {},
    expect: chestACommand(400),
  },
  'PATCH /api/vessels/:id/inventory/:batchId': {
    path: (w) => `/api/vessels/${w.vesselA}/inventory/${w.batchA}`,
    body: {},
    expect: chestACommand(400),
  },
  'POST /api/vessels/:id/inventory/:batchId/usage': {
    path: (w) => `/api/vessels/${w.vesselA}/inventory/${w.batchA}/usage`,
    body: {},
    expect: chestACommand(400),
  },
  'GET /api/vessels/:id/volume-requirements': { path: (w) => `/api/vessels/${w.vesselA}/volume-requirements`, expect: chestARead() },
  'GET /api/vessels/:id/scale': { path: (w) => `/api/vessels/${w.vesselA}/scale`, expect: chestARead() },
  'PUT /api/vessels/:id/scale': { path: (w) => `/api/vessels/${w.vesselA}/scale`, body: {}, expect: vesselACommand(400) },
  'GET /api/scales': { path: () => '/api/scales', expect: fleetRead() },
  // Any active account (a captain's inventory page names its scale).
  'GET /api/scales/:id': { path: () => '/api/scales/who-imgs3-transcribed', expect: { ...fleetRead(), captainA: 200 } },
  'POST /api/admin/scales': { path: () => '/api/admin/scales', body: {}, expect: adminOnly(400) },

  'POST /api/reports/audit': { path: () => '/api/reports/audit', expect: fleetCommand(201) },
  'POST /api/reports/generate': { path: () => '/api/reports/generate', body: {}, expect: fleetCommand(400) },
  'GET /api/reports': { path: () => '/api/reports', expect: fleetRead() },
  // No report has this id (reports outside a scope answer the same: see routes/reports.int.test.ts).
  'GET /api/reports/:id': { path: () => '/api/reports/00000000-0000-4000-8000-000000000000', expect: fleetRead(404) },
  'GET /api/reports/:id/download': { path: () => '/api/reports/00000000-0000-4000-8000-000000000000/download', expect: fleetRead(404) },

  'GET /api/admin/users': { path: () => '/api/admin/users', expect: adminOnly(200) },
  'GET /api/admin/fleets': { path: () => '/api/admin/fleets', expect: adminOnly(200) },
  'POST /api/admin/users/create': { path: () => '/api/admin/users/create', body: {}, expect: adminOnly(400) },
  'PATCH /api/admin/users/:id': { path: (w) => `/api/admin/users/${w.someUser}`, body: { phone: 'call me' }, expect: adminOnly(400) },
  // someUser is active: approving it again is a conflict, reactivating it too.
  'PATCH /api/admin/users/:id/approve': { path: (w) => `/api/admin/users/${w.someUser}/approve`, expect: adminOnly(409) },
  'PATCH /api/admin/users/:id/reactivate': { path: (w) => `/api/admin/users/${w.someUser}/reactivate`, expect: adminOnly(409) },
  // Unknown user: the admin reaches the command.
  'PATCH /api/admin/users/:id/suspend': { path: () => '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', expect: adminOnly(404) },
  'DELETE /api/admin/users/:id': { path: () => '/api/admin/users/00000000-0000-4000-8000-000000000000', expect: adminOnly(404) },
  'GET /api/admin/users/:id/vessels': { path: (w) => `/api/admin/users/${w.someUser}/vessels`, expect: adminOnly(200) },
  'POST /api/admin/users/:id/vessels': { path: (w) => `/api/admin/users/${w.someUser}/vessels`, body: {}, expect: adminOnly(400) },
  'GET /api/admin/users/:id/fleets': { path: (w) => `/api/admin/users/${w.someUser}/fleets`, expect: adminOnly(200) },
  'POST /api/admin/users/:id/fleets': { path: (w) => `/api/admin/users/${w.someUser}/fleets`, body: {}, expect: adminOnly(400) },

  'POST /api/vessels/:id/generate-order': { path: (w) => `/api/vessels/${w.vesselA}/generate-order`, body: {}, expect: vesselACommand(400) },
  'GET /api/orders': { path: () => '/api/orders', expect: fleetRead() },
  'POST /api/orders': { path: () => '/api/orders', body: {}, expect: fleetCommand(400) },
  // An order of a vessel outside the scope: 404 Order not found, like an unknown order.
  'GET /api/orders/:id': { path: (w) => `/api/orders/${w.orderA}`, expect: vesselARead() },
  'PATCH /api/orders/:id/status': { path: (w) => `/api/orders/${w.orderA}/status`, body: {}, expect: vesselACommand(400) },
  'PATCH /api/orders/:id/assign-vendor': { path: (w) => `/api/orders/${w.orderA}/assign-vendor`, body: {}, expect: vesselACommand(400) },
  'GET /api/orders/:id/export': { path: (w) => `/api/orders/${w.orderA}/export?format=csv`, expect: vesselARead() },
  'GET /api/supplier/orders/:supplierName': { path: () => '/api/supplier/orders/Matrix%20Supply', expect: fleetRead() },
  // A draft has not been sent to a supplier: those who may act on it get 409.
  'PUT /api/supplier/orders/:id/acknowledge': { path: (w) => `/api/supplier/orders/${w.orderA}/acknowledge`, expect: vesselACommand(409) },
  // The signed link is the credential: a bad one is 404 for everybody.
  'GET /api/supplier/link/:token': { path: () => '/api/supplier/link/not-a-token', expect: anyone(404) },
  'PUT /api/supplier/link/:token/quote': { path: () => '/api/supplier/link/not-a-token/quote', body: {}, expect: anyone(404) },
  'PUT /api/supplier/link/:token/:move': { path: () => '/api/supplier/link/not-a-token/acknowledge', expect: anyone(404) },

  // Certificates (issue 10): the fleet roles upload and record; a captain downloads their own.
  'GET /api/certificates': { path: () => '/api/certificates', expect: fleetRead() },
  'POST /api/vessels/:id/certificate/upload': { path: (w) => `/api/vessels/${w.vesselA}/certificate/upload`, expect: vesselACommand(200) },
  // An upload URL that names nothing: those who may upload reach the check (400, the URL is no good).
  'PUT /api/certificate-uploads/:token': { path: () => '/api/certificate-uploads/no-such-upload-token-0000000000', body: {}, expect: fleetCommand(400) },
  'PUT /api/vessels/:id/certificate': { path: (w) => `/api/vessels/${w.vesselA}/certificate`, body: {}, expect: vesselACommand(400) },
  'GET /api/vessels/:id/certificates': { path: (w) => `/api/vessels/${w.vesselA}/certificates`, expect: chestARead() },
  // vesselA has no certificate: 404 Certificate Not Available for those who may see it.
  'GET /api/vessels/:id/certificate/download': { path: (w) => `/api/vessels/${w.vesselA}/certificate/download`, expect: chestARead(404) },
  'GET /api/vessels/:id/certificates/:certificateId/download': {
    path: (w) => `/api/vessels/${w.vesselA}/certificates/00000000-0000-4000-8000-000000000000/download`,
    expect: chestARead(404),
  },

  // A vessel's history: auditors read it too (issue 9: replaying history for port state control).
  'GET /api/vessels/:id/history': { path: (w) => `/api/vessels/${w.vesselA}/history`, expect: vesselARead() },
  'GET /api/vessels/:id/history/types': { path: (w) => `/api/vessels/${w.vesselA}/history/types`, expect: vesselARead() },
  'GET /api/vessels/:id/history/verify': { path: (w) => `/api/vessels/${w.vesselA}/history/verify`, expect: vesselARead() },
  // No date: 400 for whoever may read the vessel's history (nothing is built).
  'GET /api/vessels/:id/psc-pack': { path: (w) => `/api/vessels/${w.vesselA}/psc-pack`, expect: vesselARead(400) },

  // The captain portal (issue 12). A request for a code with no email: 400 for anyone.
  'POST /api/captain/login': { path: () => '/api/captain/login', body: {}, expect: anyone(400) },
  // The matrix world has no demo fleet: no demo vessel to enter.
  'POST /api/demo/captain-login': { path: () => '/api/demo/captain-login', expect: anyone(404) },
  'GET /api/captain/vessel': { path: () => '/api/captain/vessel', expect: captainOnly() },
  'GET /api/captain/inventory/stats': { path: () => '/api/captain/inventory/stats', expect: captainOnly() },
  'GET /api/captain/orders/upcoming': { path: () => '/api/captain/orders/upcoming', expect: captainOnly() },
  'GET /api/captain/certificate': { path: () => '/api/captain/certificate', expect: captainOnly() },
  'GET /api/captain/usage/recent': { path: () => '/api/captain/usage/recent', expect: captainOnly() },
  'POST /api/captain/usage': { path: () => '/api/captain/usage', body: {}, expect: captainOnly(400) },
  // Receiving a delivery: the order is orderA, a draft on the captain's own vessel (an empty body: 400 before any decision).
  'POST /api/captain/orders/:id/receive': { path: (w) => `/api/captain/orders/${w.orderA}/receive`, body: {}, expect: captainOnly(400) },

  // Last: it ends the caller's session (every caller is logged in again afterwards if needed).
  'POST /api/auth/logout': { path: () => '/api/auth/logout', expect: anyone(200) },
};
