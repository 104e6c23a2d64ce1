import type { ParsedSchoolSettings, SchoolSettings } from '../../../common/school';
import { notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createReadCache } from '../../platform/read-cache';
import { createSchoolRepo, type SchoolRow } from './school.repo';

/** Where the instances tell each other that the school's settings were saved. */
export const SCHOOL_CHANNEL = 'school_changed';

/** How long an instance trusts the settings it read; a save anywhere forgets them sooner. */
const SCHOOL_CACHE_MS = 60_000;

const toSettings = (row: SchoolRow, timezone: string): SchoolSettings => ({
  name: row.name,
  tagline: row.tagline,
  description: row.description,
  address: {
    street: row.street,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
  },
  area_label: row.area_label,
  email: row.email,
  phone: row.phone,
  hours: row.hours,
  social_links: row.social_links,
  logo_url: row.logo_url,
  founded_year: row.founded_year,
  updated_at: row.updated_at.toISOString(),
  timezone,
});

export function createSchoolService(platform: Platform) {
  const repo = createSchoolRepo(platform.db);
  // Read by every public page and e-mail, changed a few times a year.
  const cache = createReadCache<SchoolSettings>({
    clock: platform.clock,
    ttlMs: SCHOOL_CACHE_MS,
    maxEntries: 1,
  });

  return {
    /** The school's facts, for the public pages, the e-mails and GET /school. */
    get(): Promise<SchoolSettings> {
      return cache.get('school', async () => {
        const row = await repo.get();
        if (!row) throw notFound('The school has no settings yet', 'SCHOOL_NOT_FOUND');
        return toSettings(row, platform.config.SCHOOL_TIMEZONE);
      });
    },

    async save(input: ParsedSchoolSettings): Promise<SchoolSettings> {
      const row = await repo.save(input, platform.clock.now());
      cache.clear();
      await platform.events
        .publish(SCHOOL_CHANNEL, null)
        .catch((error: unknown) => platform.log.warn({ err: error }, 'could not tell the other instances'));
      return toSettings(row, platform.config.SCHOOL_TIMEZONE);
    },

    /** Another instance saved the settings: read them again. */
    forget: () => cache.clear(),
  };
}
export type SchoolService = ReturnType<typeof createSchoolService>;
