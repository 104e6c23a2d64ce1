import type {
  TermsDocument,
  TermsRecord,
  TermsRecordsResponse,
  TermsStatsResponse,
  TermsStatusResponse,
  UsersWithoutTermsResponse,
} from '../../../common/terms';
import type { AuthContext } from '../../platform/auth';
import { assertSelfOrAdmin } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createTermsRepo, type TermsRecordRow, type TermsVersionRow } from './terms.repo';

export const VERSION_MISMATCH_MESSAGE = 'Please accept the current version of the terms of service';

const toDocument = (row: TermsVersionRow): TermsDocument => ({
  version: row.version,
  effective_date: row.effective_date,
  content: row.content,
});

const toRecord = (row: TermsRecordRow): TermsRecord => ({
  ...row,
  accepted_at: row.accepted_at.toISOString(),
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

interface Page {
  limit: number;
  offset: number;
}

export function createTermsService(platform: Platform) {
  const repo = createTermsRepo(platform.db);

  async function current(): Promise<TermsVersionRow> {
    const row = await repo.currentVersion();
    // The first migration inserts version 1.0, so this only happens on a damaged database.
    if (!row) throw notFound('The terms of service are not available', 'TERMS_NOT_FOUND');
    return row;
  }

  /** The version an admin asked about, or the current one; unknown versions are a 404. */
  async function resolveVersion(version: string | undefined): Promise<string> {
    if (!version) return (await current()).version;
    if (!(await repo.versionExists(version)))
      throw notFound('Terms version not found', 'TERMS_VERSION_NOT_FOUND');
    return version;
  }

  async function statusOf(userId: string): Promise<TermsStatusResponse> {
    const terms = await current();
    const [accepted, latest] = await Promise.all([
      repo.activeAcceptance(userId, terms.version),
      repo.latestActiveAcceptance(userId),
    ]);
    const shown = accepted ?? latest;
    return {
      requiresAcceptance: !accepted,
      currentVersion: terms.version,
      acceptedVersion: shown?.version ?? null,
      acceptedAt: shown?.accepted_at.toISOString() ?? null,
      terms: toDocument(terms),
    };
  }

  return {
    async currentDocument(): Promise<TermsDocument> {
      return toDocument(await current());
    },

    async status(auth: AuthContext, userId: string): Promise<TermsStatusResponse> {
      assertSelfOrAdmin(auth, userId);
      if (!(await repo.userExists(userId))) throw notFound('User not found', 'USER_NOT_FOUND');
      return statusOf(userId);
    },

    /** Only the user can accept for themselves; accepting the same version again changes nothing. */
    async accept(auth: AuthContext, userId: string, version: string): Promise<TermsStatusResponse> {
      if (auth.user.id !== userId) {
        throw forbidden('You can only accept the terms of service for yourself', 'NOT_OWNER');
      }
      const terms = await current();
      if (version !== terms.version) throw badRequest(VERSION_MISMATCH_MESSAGE, 'TERMS_VERSION_MISMATCH');
      await repo.insertAcceptance(userId, terms.version, platform.clock.now());
      return statusOf(userId);
    },

    async records(query: { version?: string } & Page): Promise<TermsRecordsResponse> {
      const version = query.version ? await resolveVersion(query.version) : undefined;
      const { records, total } = await repo.listRecords({
        version,
        limit: query.limit,
        offset: query.offset,
      });
      return { records: records.map(toRecord), total };
    },

    async usersWithoutTerms(query: { version?: string } & Page): Promise<UsersWithoutTermsResponse> {
      const version = await resolveVersion(query.version);
      const { users, total } = await repo.usersWithout(version, query);
      return {
        version,
        users: users.map((u) => ({ ...u, created_at: u.created_at.toISOString() })),
        total,
      };
    },

    async stats(query: { version?: string }): Promise<TermsStatsResponse> {
      const version = await resolveVersion(query.version);
      const { total, accepted, pending, revoked } = await repo.stats(version);
      const rate = total === 0 ? 0 : Math.round((accepted / total) * 1000) / 10;
      return { version, total_users: total, accepted, pending, revoked, acceptance_rate: rate };
    },

    async revoke(recordId: string, reason: string): Promise<TermsRecord> {
      const revokedId = await repo.revoke(recordId, reason, platform.clock.now());
      const record = await repo.findRecord(recordId);
      if (!record) throw notFound('Terms record not found', 'TERMS_RECORD_NOT_FOUND');
      if (!revokedId) throw conflict('This acceptance has already been revoked', 'ALREADY_REVOKED');
      return toRecord(record);
    },

    async remove(recordId: string): Promise<void> {
      if (!(await repo.deleteRecord(recordId)))
        throw notFound('Terms record not found', 'TERMS_RECORD_NOT_FOUND');
    },
  };
}
export type TermsService = ReturnType<typeof createTermsService>;
