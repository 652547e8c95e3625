import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

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

export const peopleKeys = {
  all: ['people'] as const,
  myCertifications: ['people', 'me', 'certifications'] as const,
  employees: (filters: EmployeeFilters) => ['people', 'employees', filters] as const,
  employee: (id: string) => ['people', 'employee', id] as const,
  skills: (q: string, category: string, page: number) => ['people', 'skills', q, category, page] as const,
  allSkills: ['people', 'skills', 'all'] as const,
  holders: (id: string, minLevel: string, page: number) => ['people', 'holders', id, minLevel, page] as const,
  requirements: (id: string) => ['people', 'requirements', id] as const,
  expiring: (withinDays: number, page: number) => ['people', 'expiring', withinDays, page] as const,
  groups: (q: string, page: number) => ['people', 'groups', q, page] as const,
  group: (id: string) => ['people', 'group', id] as const,
  members: (id: string, page: number) => ['people', 'members', id, page] as const,
};

export function useMyCertifications() {
  return useQuery({
    queryKey: peopleKeys.myCertifications,
    queryFn: () =>
      call(api.GET('/api/employees/me/certifications', { params: { query: { pageSize: 500 } } })),
  });
}

/** Blank filters are left out of the query rather than sent empty (the API would refuse an empty uuid). */
const present = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as T;

export function useEmployees(filters: EmployeeFilters) {
  return useQuery({
    queryKey: peopleKeys.employees(filters),
    queryFn: () =>
      call(api.GET('/api/employees', { params: { query: present({ ...filters, pageSize: PAGE_SIZE }) } })),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: string) {
  return useQuery({
    queryKey: peopleKeys.employee(id),
    queryFn: () => call(api.GET('/api/employees/{id}', { params: { path: { id } } })),
  });
}

export function useSkills(q: string, category: string, page: number, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.skills(q, category, page),
    queryFn: () =>
      call(
        api.GET('/api/skills', { params: { query: present({ q, category, page, pageSize: PAGE_SIZE }) } }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every skill, for the filters and the skill's own screen (there is no read of one skill). */
export function useAllSkills(enabled = true) {
  return useQuery({
    queryKey: peopleKeys.allSkills,
    queryFn: async () => (await call(api.GET('/api/skills', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSkillHolders(id: string, minLevel: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.holders(id, minLevel, page),
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
    queryKey: peopleKeys.requirements(id),
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
    onSettled: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
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
    onSettled: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useExpiring(withinDays: number, page: number) {
  return useQuery({
    queryKey: peopleKeys.expiring(withinDays, page),
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
    queryKey: peopleKeys.groups(q, page),
    queryFn: () =>
      call(api.GET('/api/employee-groups', { params: { query: present({ q, page, pageSize: PAGE_SIZE }) } })),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: string) {
  return useQuery({
    queryKey: peopleKeys.group(id),
    queryFn: () => call(api.GET('/api/employee-groups/{id}', { params: { path: { id } } })),
  });
}

export function useGroupMembers(id: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.members(id, page),
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
    onSettled: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useAddMember(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (employeeId: string) =>
      call(api.POST('/api/employee-groups/{id}/members', { params: { path: { id } }, body: { employeeId } })),
    onSettled: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
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
    onSettled: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

/** Lookups the filters choose from (all small lists, read once). */
export function useLookup(
  path: '/api/lookups/employee-statuses' | '/api/lookups/skill-levels' | '/api/lookups/skill-categories',
) {
  return useQuery({
    queryKey: ['lookups', path],
    queryFn: async () => (await call(api.GET(path, { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 10 * 60_000,
  });
}

export function useDepartmentList() {
  return useQuery({
    queryKey: ['lookups', 'departments', 'list'],
    queryFn: async () =>
      (await call(api.GET('/api/lookups/departments', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 10 * 60_000,
  });
}

export function useGrades(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'grades'],
    queryFn: async () =>
      (await call(api.GET('/api/admin/grades', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function usePools(enabled: boolean) {
  return useQuery({
    queryKey: ['people', 'pools'],
    queryFn: async () => (await call(api.GET('/api/pools', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useCertificationTypes(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'certification-types'],
    queryFn: async () =>
      (await call(api.GET('/api/lookups/certification-types', { params: { query: { pageSize: 500 } } })))
        .items,
    staleTime: 10 * 60_000,
    enabled,
  });
}
