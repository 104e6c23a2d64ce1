import { queryOptions } from '@tanstack/react-query';
import { SchoolSettingsResponse } from '../../../common/school';
import { apiRequest } from '../api-client';

export const schoolQueries = {
  all: ['school'] as const,

  /** The school's name, address, hours and links: the public pages' and Settings → School's. */
  settings: () =>
    queryOptions({
      queryKey: ['school', 'settings'] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest('/school', { schema: SchoolSettingsResponse, signal })).school,
    }),
};
