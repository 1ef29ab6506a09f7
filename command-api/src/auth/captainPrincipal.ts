import { contactCaptainId, isContactCaptainId } from '@medchest/domain';
import { getUser, getVessel, type ReadDb, type User } from '../readModels';
import type { Session } from './sessions';

/**
 * Who a captain portal session is (issue 12). A session bound to a vessel belongs either to a
 * captain account assigned to that vessel, or to whoever holds the vessel's contact address
 * (a code mailed there): that captain has no account, and is this principal of the vessel.
 * The session ends (undefined) as soon as the binding no longer holds: the account moved to
 * another vessel, lost the captain role, or the vessel left the fleet.
 */
export async function captainOfSession(db: ReadDb, session: Session & { vesselId: string }): Promise<User | undefined> {
  if (isContactCaptainId(session.userId)) {
    if (session.userId !== contactCaptainId(session.vesselId)) return undefined;
    const vessel = await getVessel(db, session.vesselId);
    if (!vessel) return undefined;
    return {
      id: session.userId,
      email: vessel.contactEmail ?? '',
      firstName: vessel.contactName ?? 'Captain',
      lastName: null,
      role: 'captain',
      status: 'active',
      accountType: 'captain',
      vesselId: vessel.id,
      phone: vessel.contactPhone,
      company: vessel.ownershipCompany,
      preferredFleet: null,
      preferredVessel: null,
      createdAt: vessel.createdAt,
    };
  }
  const user = await getUser(db, session.userId);
  if (!user || user.role !== 'captain' || user.status !== 'active' || user.vesselId !== session.vesselId) return undefined;
  return user;
}
