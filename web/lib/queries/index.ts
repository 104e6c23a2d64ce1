/**
 * The reads web/lib itself makes: the school's public settings, which its school-time hook reads
 * (web/lib imports no feature). Every domain's reads, these among them, are registered in
 * web/app/queries.ts; each feature keeps its own in `web/features/<domain>/queries.ts`.
 */
import { schoolQueries } from './school';

export const queries = { school: schoolQueries };
