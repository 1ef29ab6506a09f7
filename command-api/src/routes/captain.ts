import {
  CAPTAIN_CODE_INVALID_MESSAGE,
  CAPTAIN_CODE_SENT_MESSAGE,
  captainCertificateState,
  certificateExpiryOf,
  captainLoginSchema,
  captainStats,
  captainUsageSchema,
  contactCaptainId,
  DEMO_CAPTAIN_UNAVAILABLE,
  DEMO_CAPTAIN_VESSEL_IMO,
  isoToday,
  orderNotFound,
  recentUsageSince,
  UPCOMING_ORDER_STATUSES,
  type CaptainCertificate,
  type CaptainStats,
} from '@medchest/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTAIN, captainVessel } from '../auth/access';
import { issueCaptainCodes, redeemCaptainCode, type CodeTarget } from '../auth/captainCodes';
import type { Limit } from '../auth/limits';
import { SESSION_COOKIE, setSessionCookie } from '../auth/plugin';
import type { SessionStore } from '../auth/sessions';
import type { AppDeps } from '../commands/context';
import { recordUsage } from '../commands/inventory';
import { receiveOrder } from '../commands/orders';
import { answerPosition, commandContext, formBody } from '../http/context';
import { HttpError } from '../http/errors';
import { formSchema, orderParams, type RoutePlugin } from '../http/routeSchemas';
import { CAPTAIN_CODE_TEMPLATE, renderCaptainCodeMail } from '../mail/captainCodeMail';
import type { MailOutbox } from '../mail/outbox';
import {
  findUserByEmail,
  findVesselByImo,
  getUser,
  getVessel,
  getOrder,
  getVolumeRequirements,
  listRecentUsage,
  listVesselBatches,
  listVesselCertificates,
  listVesselOrdersWithItems,
  listVesselsByContactEmail,
} from '../readModels';
import type { GuessingLimits } from './auth';

export type CaptainRoutesOptions = {
  deps: AppDeps;
  sessions: SessionStore;
  guessing: GuessingLimits;
  now: () => Date;
  outbox: MailOutbox;
  /** Base URL for the link in the code mail. */
  appUrl?: string;
};

/** The captain's own routes: access CAPTAIN, about the session's vessel (404 without one). */
const captainConfig = { access: CAPTAIN, ownerVessel: captainVessel };

/**
 * The captain portal (spec 001 §2, §3, §7; issue 12): sign-in by a mailed one-time code, and the
 * portal's reads, each about the one vessel the session is bound to.
 */
export const captainRoutes: RoutePlugin<CaptainRoutesOptions> = async (app, { deps, sessions, guessing, now, outbox, appUrl }) => {
  const refuseWhenUsedUp = async (request: FastifyRequest, reply: FastifyReply, limits: Limit[]) => {
    const attempt = await app.limits.take(limits);
    if (attempt.allowed) return;
    reply.header('retry-after', String(attempt.retryAfterSeconds));
    throw new HttpError(429, `Too many attempts. Please wait ${attempt.retryAfterSeconds} seconds and try again.`);
  };

  /** Whom an address may sign in as: the vessels it is the contact of, and its captain account's vessel. */
  async function targetsOf(email: string): Promise<CodeTarget[]> {
    const [vessels, account] = await Promise.all([listVesselsByContactEmail(deps.db, email), findUserByEmail(deps.db, email)]);
    const targets: CodeTarget[] = vessels.map((vessel) => ({ vesselId: vessel.id, vesselName: vessel.vesselName, userId: null }));
    if (account && account.role === 'captain' && account.status === 'active' && account.vesselId) {
      const vessel = await getVessel(deps.db, account.vesselId);
      if (vessel) {
        // The account is the better identity: its name shows in the activity log.
        const existing = targets.findIndex((target) => target.vesselId === vessel.id);
        if (existing >= 0) targets.splice(existing, 1);
        targets.unshift({ vesselId: vessel.id, vesselName: vessel.vesselName, userId: account.id });
      }
    }
    return targets;
  }

  async function startCaptainSession(request: FastifyRequest, reply: FastifyReply, userId: string, vesselId: string) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await sessions.destroy(previous);
    const { token, expiresAt } = await sessions.create(userId, { vesselId });
    setSessionCookie(reply, token, expiresAt);
  }

  /**
   * `{ email }`: 202 with one body whatever the address, after the same work (a code row is
   * written only when the address has vessels, and the mail is queued, not sent, meanwhile).
   * `{ email, code }`: `{ vesselName }` and a session bound to that vessel, or 401 with one
   * message for every kind of wrong code.
   */
  app.post('/api/captain/login', { schema: { body: formSchema(captainLoginSchema) }, config: { access: 'public' } }, async (request, reply) => {
    const { email, code } = request.body;
    if (code === undefined) {
      await refuseWhenUsedUp(request, reply, [
        { key: `captain-code:request:email:${email}`, ...guessing.captainCodeRequestsPerEmail },
        { key: `captain-code:request:address:${request.ip}`, ...guessing.captainCodeRequestsPerAddress },
      ]);
      const targets = await targetsOf(email);
      const { requestId, issued } = await issueCaptainCodes(deps.db, email, targets, now());
      if (issued.length > 0) {
        const { subject, text } = renderCaptainCodeMail(issued, appUrl);
        // A mail path that fails must not change the answer (it would tell who has vessels).
        await outbox
          .send(requestId, { to: email, subject, text, template: CAPTAIN_CODE_TEMPLATE, causationEventId: requestId, correlationId: request.id })
          .catch((error: unknown) => request.log.error({ err: error }, 'the captain sign-in code could not be queued'));
      }
      return reply.code(202).send({ message: CAPTAIN_CODE_SENT_MESSAGE });
    }

    await refuseWhenUsedUp(request, reply, [
      { key: `captain-code:guess:pair:${request.ip}|${email}`, ...guessing.captainCodeGuessesPerAddressAndEmail },
      { key: `captain-code:guess:address:${request.ip}`, ...guessing.captainCodeGuessesPerAddress },
    ]);
    const redeemed = await redeemCaptainCode(deps.db, email, code, now());
    const vessel = redeemed && (await getVessel(deps.db, redeemed.vesselId));
    if (!redeemed || !vessel) throw new HttpError(401, CAPTAIN_CODE_INVALID_MESSAGE);
    if (redeemed.userId) {
      const user = await getUser(deps.db, redeemed.userId);
      if (!user || user.role !== 'captain' || user.status !== 'active' || user.vesselId !== vessel.id) throw new HttpError(401, CAPTAIN_CODE_INVALID_MESSAGE);
    }
    await startCaptainSession(request, reply, redeemed.userId ?? contactCaptainId(vessel.id), vessel.id);
    return { vesselName: vessel.vesselName, vesselId: vessel.id };
  });

  /** The demo entry's "captain of a demo vessel": straight in, on the seeded demo vessel only. */
  app.post('/api/demo/captain-login', { config: { access: 'public' } }, async (request, reply) => {
    const vessel = await findVesselByImo(deps.db, DEMO_CAPTAIN_VESSEL_IMO);
    if (!vessel) throw new HttpError(404, DEMO_CAPTAIN_UNAVAILABLE);
    await startCaptainSession(request, reply, contactCaptainId(vessel.id), vessel.id);
    return { vesselName: vessel.vesselName, vesselId: vessel.id };
  });

  const vesselOf = async (request: FastifyRequest) => {
    const vessel = await getVessel(deps.db, request.user?.vesselId ?? '');
    // The access check found it a moment ago; gone since (deleted meanwhile): as if never there.
    if (!vessel) throw new HttpError(404, 'Vessel not found');
    return vessel;
  };

  app.get('/api/captain/vessel', { config: captainConfig }, async (request) => vesselOf(request));

  app.get('/api/captain/inventory/stats', { config: captainConfig }, async (request) => {
    const vessel = await vesselOf(request);
    const today = now();
    const [batches, items] = await Promise.all([listVesselBatches(deps.db, vessel.id), getVolumeRequirements(deps.db, vessel.id, isoToday(today))]);
    return { ...captainStats(batches, items ?? [], today), crewSize: vessel.crewSizeCategory } satisfies CaptainStats;
  });

  // The medical log's last 90 days (spec 001 §3), from the activity read model's usage lines.
  app.get('/api/captain/usage/recent', { config: captainConfig }, async (request) => {
    const vessel = await vesselOf(request);
    return listRecentUsage(deps.db, vessel.id, recentUsageSince(now()));
  });

  // Each with its items: the dashboard's detail dialog lists them, and receiving starts from them.
  app.get('/api/captain/orders/upcoming', { config: captainConfig }, async (request) => {
    const vessel = await vesselOf(request);
    return listVesselOrdersWithItems(deps.db, vessel.id, UPCOMING_ORDER_STATUSES);
  });

  /**
   * Goods of an order taken on board by the captain (issue 12, the receive dialog of #7): an order
   * of the session's vessel only. Its vessel is the route's owner, so an order of another vessel
   * (or none) is the scope check's 404 'Order not found', before the body is read; then the
   * fleet's receipt (receiveOrder → the order and inventory deciders through the one handler).
   */
  app.post(
    '/api/captain/orders/:id/receive',
    {
      schema: { params: orderParams },
      config: {
        access: CAPTAIN,
        notFound: orderNotFound,
        // An id that names no order resolves to no vessel: the same 404 as another vessel's order.
        ownerVessel: async (request: FastifyRequest) => (await getOrder(deps.db, (request.params as { id: string }).id))?.vesselId ?? 'no-order',
      },
    },
    async (request, reply) => {
      const vessel = await vesselOf(request);
      const { order, position } = await receiveOrder(deps, request.params.id, request.body, commandContext(request), vessel.id);
      answerPosition(reply, position);
      return order;
    },
  );

  /**
   * A usage entry of the medical log (issue 12), on the captain's own vessel: the fleet route's
   * command, on the session's vessel's stream, so a batch of another vessel is not found there (404).
   * The body is the fleet route's plus the batch id (and the device's changeId, so a re-send after
   * a lost answer is recorded once).
   */
  app.post('/api/captain/usage', { config: captainConfig }, async (request, reply) => {
    const vessel = await vesselOf(request);
    const { batchId } = captainUsageSchema.parse(formBody(request.body));
    const { batch, position } = await recordUsage(deps, vessel.id, batchId, request.body, commandContext(request));
    answerPosition(reply, position);
    return reply.code(201).send(batch);
  });

  app.get('/api/captain/certificate', { config: captainConfig }, async (request) => {
    const vessel = await vesselOf(request);
    // The certificate on record (the certificates read model); its file through the vessel's download route.
    const [current] = await listVesselCertificates(deps.db, vessel.id);
    const expiry = current?.expiryDate ?? certificateExpiryOf(vessel);
    const state = captainCertificateState(expiry, now());
    return {
      vesselId: vessel.id,
      vesselName: vessel.vesselName,
      certificatePath: current?.hasFile ? `/api/vessels/${vessel.id}/certificate/download` : null,
      certificateExpiry: expiry,
      certificateIssuer: current?.certificateIssuer ?? vessel.certificateIssuer,
      issueDate: current?.issueDate ?? null,
      hasValidCertificate: state === 'valid',
      status: state,
    } satisfies CaptainCertificate;
  });
};
