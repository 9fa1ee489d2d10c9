import { and, eq, inArray } from 'drizzle-orm';
import type { ClaimInput } from '#core/organizer-schemas';
import type { Claim } from '#core/responses/organizers';
import type { Database, Executor } from '#db/client';
import { festivalOrganizersTable, festivalsTable, organizerClaimsTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { badRequest, conflict, pgErrorCode, unprocessable } from '../../errors';
import { enqueue } from '../../outbox/enqueue';
import { requireVisibleFestival } from '../festivals/festival-access';
import {
  CODE_TRIES,
  CODE_TTL_MINUTES,
  codeMatches,
  emailAtDomain,
  findWebsiteToken,
  hashCode,
  newCode,
  newToken,
  websiteDomain,
} from './claim-proofs';
import { CLAIM_NOT_FOUND, festivalBits, toClaim } from './claim-records';

/**
 * Claims: a signed-in person asks to organise a festival and proves it (claim-proofs.ts); an
 * admin then approves or rejects the verified claim (claim-records.ts). A person reads only their
 * own claims; another's answers 404.
 */

/**
 * POST /api/festivals/{id}/claims. The festival must be public and have an official website; the
 * person must not organise it yet. An email claim needs an address at the website's domain and
 * mails it a code; a website claim answers the token to publish. A claim still waiting for its
 * proof is replaced by the new one (a new code, a mistyped address); a verified one waits for the
 * admin (409).
 */
export async function createClaim(
  database: Database,
  user: AuthUser,
  festivalId: number,
  input: ClaimInput,
): Promise<Claim> {
  return database.transaction(async (tx) => {
    const access = await requireVisibleFestival(tx, festivalId, user);
    if (access.status !== 'approved')
      throw conflict('Solo se puede pedir la organización de un festival publicado.', 'festival_not_public');
    const [festival] = await tx.select(festivalBits).from(festivalsTable).where(eq(festivalsTable.id, festivalId));
    const domain = websiteDomain(festival.website);
    if (!festival.website || (input.method === 'email' && !domain))
      throw unprocessable(
        'Este festival no tiene un sitio web oficial con dominio propio: escríbenos desde Contacto para demostrar que lo organizas.',
        'no_official_website',
      );
    if (input.method === 'email' && !emailAtDomain(input.email, domain!))
      throw badRequest(`La dirección debe ser del dominio oficial del festival (@${domain}).`, 'email_not_at_domain', [
        { path: 'email', message: `Usa una dirección @${domain}.` },
      ]);
    const [already] = await tx
      .select({ userId: festivalOrganizersTable.userId })
      .from(festivalOrganizersTable)
      .where(and(eq(festivalOrganizersTable.festivalId, festivalId), eq(festivalOrganizersTable.userId, user.id)));
    if (already) throw conflict('Ya organizas este festival.', 'already_organizer');
    const [open] = await tx
      .select({ id: organizerClaimsTable.id, status: organizerClaimsTable.status })
      .from(organizerClaimsTable)
      .where(
        and(
          eq(organizerClaimsTable.festivalId, festivalId),
          eq(organizerClaimsTable.userId, user.id),
          inArray(organizerClaimsTable.status, ['pending', 'verified']),
        ),
      )
      .for('update');
    if (open?.status === 'verified')
      throw conflict('Tu solicitud ya está verificada: la revisará administración.', 'claim_verified');
    if (open) await tx.delete(organizerClaimsTable).where(eq(organizerClaimsTable.id, open.id));
    const token = newToken();
    const code = input.method === 'email' ? newCode() : null;
    const [row] = await tx
      .insert(organizerClaimsTable)
      .values({
        festivalId,
        userId: user.id,
        method: input.method,
        email: input.method === 'email' ? input.email : null,
        token,
        codeHash: code ? hashCode(token, code) : null,
        codeExpiresAt: code ? new Date(Date.now() + CODE_TTL_MINUTES * 60_000) : null,
      })
      .returning()
      .catch((error: unknown) => {
        if (pgErrorCode(error) === '23505')
          throw conflict('Ya tienes una solicitud abierta para este festival.', 'claim_open');
        throw error;
      });
    if (code && input.method === 'email') {
      await enqueue(tx, [
        {
          eventKey: `claim-code:${row.id}`,
          channel: 'email',
          kind: 'claim-code',
          to: { email: input.email },
          payload: {
            subject: `Tu código para gestionar ${festival.name}: ${code}`,
            heading: `Código de verificación: ${code}`,
            paragraphs: [
              `${user.name} ha pedido gestionar ${festival.name} en Festivales con esta dirección. Escribe este código en la página de la solicitud: ${code}`,
              `Caduca en ${CODE_TTL_MINUTES} minutos y admite ${CODE_TRIES} intentos. Si no lo has pedido tú, ignora este correo: sin el código no pasa nada.`,
            ],
            reason: 'Recibes este correo porque alguien pidió verificar esta dirección en Festivales.',
            url: '/organizador',
            requested: true,
          },
        },
      ]);
    }
    return toClaim(row, festival);
  });
}

async function ownClaim(executor: Executor, userId: number, id: number) {
  const [found] = await executor
    .select({ claim: organizerClaimsTable, festival: festivalBits })
    .from(organizerClaimsTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, organizerClaimsTable.festivalId))
    .where(and(eq(organizerClaimsTable.id, id), eq(organizerClaimsTable.userId, userId)));
  if (!found) throw CLAIM_NOT_FOUND();
  return found;
}

async function markVerified(database: Database, claimId: number, proof: string) {
  const [row] = await database
    .update(organizerClaimsTable)
    .set({ status: 'verified', proof, verifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(organizerClaimsTable.id, claimId), eq(organizerClaimsTable.status, 'pending')))
    .returning();
  return row;
}

/**
 * POST /api/claims/{id}/verify: the code (email claims: 15 minutes, 5 tries, each failed try
 * counted even though it answers 422) or the website's token (fetched outside any transaction).
 */
export async function verifyClaim(
  database: Database,
  user: AuthUser,
  id: number,
  code: string | undefined,
): Promise<Claim> {
  const { claim, festival } = await ownClaim(database, user.id, id);
  if (claim.status !== 'pending') {
    if (claim.status === 'verified') return toClaim(claim, festival);
    throw conflict('Esta solicitud ya está decidida.', 'claim_decided');
  }
  if (claim.method === 'website') {
    if (!festival.website) throw unprocessable('El festival ya no tiene sitio web oficial.', 'no_official_website');
    const proof = await findWebsiteToken(festival.website, claim.token!);
    const row = await markVerified(database, claim.id, proof);
    return toClaim(row ?? (await ownClaim(database, user.id, id)).claim, festival);
  }
  if (!code) throw badRequest('Escribe el código de 6 cifras que te enviamos.', 'code_required');
  const outcome = await database.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(organizerClaimsTable)
      .where(eq(organizerClaimsTable.id, claim.id))
      .for('update');
    if (!locked || locked.status !== 'pending')
      return { error: conflict('Esta solicitud ya está decidida.', 'claim_decided') };
    if (locked.attempts >= CODE_TRIES)
      return {
        error: unprocessable(`Has agotado los ${CODE_TRIES} intentos: pide un código nuevo.`, 'code_tries_exhausted'),
      };
    if (!locked.codeExpiresAt || locked.codeExpiresAt.getTime() < Date.now())
      return { error: unprocessable('El código ha caducado: pide uno nuevo.', 'code_expired') };
    if (!codeMatches(locked.token!, code, locked.codeHash!)) {
      const attempts = locked.attempts + 1;
      await tx
        .update(organizerClaimsTable)
        .set({ attempts, updatedAt: new Date() })
        .where(eq(organizerClaimsTable.id, claim.id));
      const left = CODE_TRIES - attempts;
      return {
        error: unprocessable(
          left > 0
            ? `El código no es correcto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
            : 'El código no es correcto y no quedan intentos: pide un código nuevo.',
          'code_wrong',
        ),
      };
    }
    const [row] = await tx
      .update(organizerClaimsTable)
      .set({
        status: 'verified',
        proof: `Código confirmado desde ${locked.email}`,
        verifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(organizerClaimsTable.id, claim.id))
      .returning();
    return { row };
  });
  if ('error' in outcome) throw outcome.error;
  return toClaim(outcome.row!, festival);
}
