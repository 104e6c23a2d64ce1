import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SchoolSettingsResponse, type SchoolSettingsInput } from '../../../common/school';
import { apiRequest } from '../../lib/api-client';
import { schoolQueries } from '../../lib/queries/school';

export const useSchoolSettings = () => useQuery(schoolQueries.settings());

export function useSaveSchoolSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolSettingsInput) =>
      apiRequest('/admin/school', { method: 'PUT', body: input, schema: SchoolSettingsResponse }),
    // The answer is the saved settings: no second read needed.
    onSuccess: ({ school }) => queryClient.setQueryData(schoolQueries.settings().queryKey, school),
  });
}
