import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './client';
import { keys } from './keys';

export type ShiftAssignment = Schemas['ShiftAssignment'];

/** An employee's live assignments over a range: what an approved leave would collide with. */
export function useEmployeeAssignments(employeeId: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.rosters.employee(employeeId, from, to),
    queryFn: () =>
      call(api.GET('/api/shift-assignments', { params: { query: { employeeId, from, to, pageSize: 500 } } })),
    enabled,
  });
}
