/**
 * The address a deleted account's row keeps (the row stays, anonymised, for the comments signed
 * 'Usuario eliminado'): .invalid is a reserved top-level domain, so no person's address matches it.
 */
export const deletedAccountEmail = (userId: number) => `eliminado-${userId}@festivales.invalid`;
