import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SchoolSettingsResponse, type SchoolSettingsInput } from '../../../common/school';
import { apiRequest } from '../../lib/api-client';
import { queries } from '../../lib/queries';

export const useSchoolSettings = () => useQuery(queries.school.settings());

export function useSaveSchoolSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolSettingsInput) =>
      apiRequest('/admin/school', { method: 'PUT', body: input, schema: SchoolSettingsResponse }),
    // The answer is the saved settings: no second read needed.
    onSuccess: ({ school }) => queryClient.setQueryData(queries.school.settings().queryKey, school),
  });
}
