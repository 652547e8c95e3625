import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type Certification = Schemas['Certification'];

export const peopleKeys = { myCertifications: ['people', 'me', 'certifications'] as const };

export function useMyCertifications() {
  return useQuery({
    queryKey: peopleKeys.myCertifications,
    queryFn: () =>
      call(api.GET('/api/employees/me/certifications', { params: { query: { pageSize: 500 } } })),
  });
}
