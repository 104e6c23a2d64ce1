import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SCHOOL_TIMEZONE } from '../../common/school-time';
import { schoolQueries } from './queries/school';

/** The school's time zone, from the public school settings call; the server's default until then. */
export function useSchoolTimezone(): string {
  const school = useQuery(schoolQueries.settings());
  return school.data?.timezone ?? DEFAULT_SCHOOL_TIMEZONE;
}
