import { desc, eq } from 'drizzle-orm';
import type { AdminClaim, Claim } from '#core/responses/organizers';
import type { Database } from '#db/client';
import { festivalsTable, organizerClaimsTable, usersTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { addOrganizer, tellOrganizer } from './organizers';

/**
 * Claims as stored: what their owner and the admins read, and the admin's decision. The proofs
 * (claims.ts, claim-proofs.ts) are apart: they bring the public suffix list and the HTML parser,
 * which the admin function, deciding on proofs already checked, never needs.
 */

/** The verification tag's name and the file's path on the website. */
export const META_NAME = 'festivales-verification';
export const FILE_PATH = '/.well-known/festivales-verification.txt';

export const CLAIM_NOT_FOUND = () => notFound('Solicitud no encontrada', 'claim_not_found');

export type ClaimRow = typeof organizerClaimsTable.$inferSelect;
export type FestivalBits = { id: number; name: string; website: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toClaim(row: ClaimRow, festival: FestivalBits): Claim {
  const claim: Claim = {
    id: row.id,
    festival_id: row.festivalId,
    festival,
    method: row.method,
    status: row.status,
    email: row.email,
    verified_at: iso(row.verifiedAt),
    decided_at: iso(row.decidedAt),
    created_at: row.createdAt.toISOString(),
  };
  if (row.method === 'website' && row.status === 'pending' && row.token && festival.website) {
    claim.verification = {
      token: row.token,
      meta: `<meta name="${META_NAME}" content="${row.token}">`,
      file: `${new URL(festival.website).origin}${FILE_PATH}`,
    };
  }
  return claim;
}

export const festivalBits = { id: festivalsTable.id, name: festivalsTable.name, website: festivalsTable.website };

/** GET /api/claims: the caller's own claims, newest first. */
export async function myClaims(database: Database, userId: number): Promise<Claim[]> {
  const rows = await database
    .select({ claim: organizerClaimsTable, festival: festivalBits })
    .from(organizerClaimsTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, organizerClaimsTable.festivalId))
    .where(eq(organizerClaimsTable.userId, userId))
    .orderBy(desc(organizerClaimsTable.createdAt), desc(organizerClaimsTable.id))
    .limit(200);
  return rows.map((r) => toClaim(r.claim, r.festival));
}

/** GET /api/admin/claims?status=: the claims in that state, oldest first (the first to decide), with who asks and their proof. */
export async function claimsFor(database: Database, status: ClaimRow['status']): Promise<AdminClaim[]> {
  const rows = await database
    .select({
      claim: organizerClaimsTable,
      festival: festivalBits,
      user: { id: usersTable.id, name: usersTable.name, email: usersTable.email },
    })
    .from(organizerClaimsTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, organizerClaimsTable.festivalId))
    .innerJoin(usersTable, eq(usersTable.id, organizerClaimsTable.userId))
    .where(eq(organizerClaimsTable.status, status))
    .orderBy(organizerClaimsTable.createdAt, organizerClaimsTable.id)
    .limit(500);
  return rows.map((r) => ({ ...toClaim(r.claim, r.festival), user: r.user, proof: r.claim.proof }));
}

/**
 * PATCH /api/admin/claims/{id}: approving (a verified claim only) makes the claimant an organiser;
 * rejecting closes it. Either way the claimant hears of it (bell and email, per their preferences).
 */
export async function decideClaim(
  database: Database,
  admin: Pick<AuthUser, 'id'>,
  id: number,
  decision: 'approved' | 'rejected',
): Promise<AdminClaim> {
  await database.transaction(async (tx) => {
    const [claim] = await tx.select().from(organizerClaimsTable).where(eq(organizerClaimsTable.id, id)).for('update');
    if (!claim) throw CLAIM_NOT_FOUND();
    if (claim.status === 'approved' || claim.status === 'rejected')
      throw conflict('Esta solicitud ya está decidida.', 'claim_decided');
    if (decision === 'approved' && claim.status !== 'verified')
      throw conflict('Solo se aprueban solicitudes verificadas: falta la prueba.', 'claim_not_verified');
    const [festival] = await tx
      .select(festivalBits)
      .from(festivalsTable)
      .where(eq(festivalsTable.id, claim.festivalId));
    await tx
      .update(organizerClaimsTable)
      .set({ status: decision, decidedBy: admin.id, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(organizerClaimsTable.id, id));
    if (decision === 'approved') await addOrganizer(tx, claim.festivalId, claim.userId, admin.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: decision === 'approved' ? 'approve' : 'reject',
      entity: 'claim',
      entityId: id,
      details: { festival_id: claim.festivalId, user_id: claim.userId },
    });
    await tellOrganizer(
      tx,
      claim.userId,
      festival,
      `claim:${id}:${decision}`,
      decision === 'approved'
        ? `Tu solicitud para gestionar ${festival.name} está aprobada: ya puedes editarlo.`
        : `Tu solicitud para gestionar ${festival.name} no se ha aprobado.`,
    );
  });
  const [row] = await database
    .select({
      claim: organizerClaimsTable,
      festival: festivalBits,
      user: { id: usersTable.id, name: usersTable.name, email: usersTable.email },
    })
    .from(organizerClaimsTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, organizerClaimsTable.festivalId))
    .innerJoin(usersTable, eq(usersTable.id, organizerClaimsTable.userId))
    .where(eq(organizerClaimsTable.id, id));
  return { ...toClaim(row.claim, row.festival), user: row.user, proof: row.claim.proof };
}
