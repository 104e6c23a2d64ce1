import type { SchoolSettings } from '../../common/school';

/**
 * What the public pages show of the school: the facts an administrator keeps in Settings → School.
 */
export type SiteSchool = SchoolSettings;
