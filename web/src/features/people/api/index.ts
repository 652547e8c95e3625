import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type Certification = Schemas['Certification'];
export type Employee = Schemas['Employee'];
export type EmployeeDetail = Schemas['EmployeeDetail'];
export type Skill = Schemas['Skill'];
export type EmployeeGroup = Schemas['EmployeeGroup'];

/** The filters the employee list offers, as the API names them. */
export interface EmployeeFilters {
  q?: string;
  departmentId?: string;
  grade?: string;
  status?: string;
  skill?: string;
  poolId?: string;
  page: number;
}

export const PAGE_SIZE = 25;

export function useMyCertifications() {
  return useQuery({
    queryKey: keys.people.myCertifications(),
    queryFn: () =>
      call(api.GET('/api/employees/me/certifications', { params: { query: { pageSize: 500 } } })),
  });
}

/** Blank filters are left out of the query rather than sent empty (the API would refuse an empty uuid). */
const present = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as T;

export function useEmployees(filters: EmployeeFilters) {
  return useQuery({
    queryKey: keys.people.employees(filters),
    queryFn: () =>
      call(api.GET('/api/employees', { params: { query: present({ ...filters, pageSize: PAGE_SIZE }) } })),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: string) {
  return useQuery({
    queryKey: keys.people.employee(id),
    queryFn: () => call(api.GET('/api/employees/{id}', { params: { path: { id } } })),
  });
}

export function useSkills(q: string, category: string, page: number, enabled = true) {
  return useQuery({
    queryKey: keys.people.skills(q, category, page),
    queryFn: () =>
      call(
        api.GET('/api/skills', { params: { query: present({ q, category, page, pageSize: PAGE_SIZE }) } }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSkillHolders(id: string, minLevel: string, page: number) {
  return useQuery({
    queryKey: keys.people.holders(id, minLevel, page),
    queryFn: () =>
      call(
        api.GET('/api/skills/{id}/employees', {
          params: { path: { id }, query: present({ minLevel, page, pageSize: PAGE_SIZE }) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRequirements(id: string) {
  return useQuery({
    queryKey: keys.people.requirements(id),
    queryFn: async () =>
      (await call(api.GET('/api/skills/{id}/certification-requirements', { params: { path: { id } } })))
        .items,
  });
}

export function useAddRequirement(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (certificationCode: string) =>
      call(
        api.POST('/api/skills/{id}/certification-requirements', {
          params: { path: { id } },
          body: { certificationCode },
        }),
      ),
    onSettled: () => invalidate(client, ['people']),
  });
}

export function useRemoveRequirement(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (certificationCode: string) =>
      call(
        api.DELETE('/api/skills/{id}/certification-requirements/{certificationCode}', {
          params: { path: { id, certificationCode } },
        }),
      ),
    onSettled: () => invalidate(client, ['people']),
  });
}

export function useExpiring(withinDays: number, page: number) {
  return useQuery({
    queryKey: keys.people.expiring(withinDays, page),
    queryFn: () =>
      call(
        api.GET('/api/certifications/expiring', {
          params: { query: { withinDays, page, pageSize: PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGroups(q: string, page: number) {
  return useQuery({
    queryKey: keys.people.groups(q, page),
    queryFn: () =>
      call(api.GET('/api/employee-groups', { params: { query: present({ q, page, pageSize: PAGE_SIZE }) } })),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: string) {
  return useQuery({
    queryKey: keys.people.group(id),
    queryFn: () => call(api.GET('/api/employee-groups/{id}', { params: { path: { id } } })),
  });
}

export function useGroupMembers(id: string, page: number) {
  return useQuery({
    queryKey: keys.people.members(id, page),
    queryFn: () =>
      call(
        api.GET('/api/employee-groups/{id}/members', {
          params: { path: { id }, query: { page, pageSize: PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewEmployeeGroup']) => call(api.POST('/api/employee-groups', { body })),
    onSettled: () => invalidate(client, ['people']),
  });
}

export function useAddMember(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (employeeId: string) =>
      call(api.POST('/api/employee-groups/{id}/members', { params: { path: { id } }, body: { employeeId } })),
    onSettled: () => invalidate(client, ['people']),
  });
}

export function useRemoveMember(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (employeeId: string) =>
      call(
        api.DELETE('/api/employee-groups/{id}/members/{employeeId}', {
          params: { path: { id, employeeId } },
        }),
      ),
    onSettled: () => invalidate(client, ['people']),
  });
}
