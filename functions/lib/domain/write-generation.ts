/**
 * How many writes this process has made to what the public answers are made of (festivals, their
 * editions and lineups, artists, comments): every such write calls invalidateCatalog
 * (festival-store.ts), which counts it here. Answers kept apart from the catalogue compare it, so
 * a write made through this process shows on its next request. In a module of its own so that
 * the readers of editions and artists, which the catalogue itself imports, can read it.
 */
let generation = 0;

export function writeGeneration(): number {
  return generation;
}

export function countWrite(): void {
  generation += 1;
}
