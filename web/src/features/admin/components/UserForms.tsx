import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { DayInput } from '../../../components/DayInput';
import { EmployeePicker } from '../../../components/EmployeePicker';
import { ErrorNotice } from '../../../components/QueryState';
import type { Schemas } from '../../../lib/api/client';
import { useDepartments } from '../../../lib/api/lookups';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useRoleName } from '../../../lib/i18n/roles';
import { paths } from '../../../lib/paths';
import { useRoles } from '../api/roles';
import { type User, useCreateUser, useGrantRole, useUpdateUser } from '../api/users';

const orNull = (value: string) => value.trim() || null;

/** The account's fields as the service names them, by the labels the forms show. */
const userFields = (t: ReturnType<typeof useT>) => ({
  username: t('admin.users.username'),
  displayName: t('admin.users.displayName'),
  email: t('admin.users.email'),
  phone: t('admin.users.phone'),
  password: t('admin.users.initialPassword'),
  employeeId: t('admin.users.employee'),
});

/** What a new account and an edited one both say of the person, as typed. */
interface AccountDetails {
  displayName: string;
  email: string;
  phone: string;
  language: 'en' | 'ar';
}

const detailsBody = (details: AccountDetails) => ({
  displayName: details.displayName.trim(),
  email: orNull(details.email),
  phone: orNull(details.phone),
  preferredLanguage: details.language,
});

/** A new account; the service asks the person to change the password at first sign-in. */
export function NewUserForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateUser();
  const current = useLanguage();
  const [username, setUsername] = useState('');
  // The administrator's own language is the likelier choice for people they create.
  const [details, setDetails] = useState<AccountDetails>({
    displayName: '',
    email: '',
    phone: '',
    language: current,
  });
  const [password, setPassword] = useState('');
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A second press while the first is on its way would create the account twice.
    if (create.isPending) return;
    create.mutate(
      {
        username: username.trim(),
        ...detailsBody(details),
        ...(password ? { password } : {}),
        ...(employeeId ? { employeeId } : {}),
      },
      {
        onSuccess: (created) => {
          onDone();
          // A generated password is shown once, on the new user's page.
          navigate(paths.adminUser(created.user.id), {
            state: { temporaryPassword: created.temporaryPassword ?? null },
          });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} data-testid="new-user-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('admin.users.username')}
            description={t('admin.users.usernameHint')}
            required
            dir="ltr"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <AccountFields details={details} onChange={setDetails} />
          <PasswordInput
            label={t('admin.users.initialPassword')}
            description={t('admin.users.initialPasswordHint')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <EmployeePicker
            label={t('admin.users.employee')}
            description={t('admin.users.employeeHint')}
            value={employeeId}
            onChange={setEmployeeId}
            testId="user-employee"
          />
        </SimpleGrid>
        {create.error && <ErrorNotice error={create.error} fields={userFields(t)} />}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('admin.users.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The person's name, contact and language, the same fields in both forms. */
function AccountFields({
  details,
  onChange,
}: {
  details: AccountDetails;
  onChange: (details: AccountDetails) => void;
}) {
  const t = useT();
  const set = (change: Partial<AccountDetails>) => onChange({ ...details, ...change });
  return (
    <>
      <TextInput
        label={t('admin.users.displayName')}
        required
        value={details.displayName}
        onChange={(event) => set({ displayName: event.currentTarget.value })}
      />
      <TextInput
        label={t('admin.users.email')}
        type="email"
        dir="ltr"
        value={details.email}
        onChange={(event) => set({ email: event.currentTarget.value })}
      />
      <TextInput
        label={t('admin.users.phone')}
        type="tel"
        dir="ltr"
        value={details.phone}
        onChange={(event) => set({ phone: event.currentTarget.value })}
      />
      <Select
        label={t('admin.users.language')}
        data={[
          { value: 'en', label: t('language.en') },
          { value: 'ar', label: t('language.ar') },
        ]}
        value={details.language}
        allowDeselect={false}
        onChange={(next) => set({ language: next === 'ar' ? 'ar' : 'en' })}
      />
    </>
  );
}

/** The account's details; sent with the version read (If-Match). */
export function EditUserForm({ user }: { user: User }) {
  const t = useT();
  const update = useUpdateUser();
  const [details, setDetails] = useState<AccountDetails>({
    displayName: user.displayName,
    email: user.email ?? '',
    phone: user.phone ?? '',
    language: user.preferredLanguage,
  });
  const [mustChange, setMustChange] = useState(user.mustChangePassword);
  const [employeeId, setEmployeeId] = useState<string | null>(user.employeeId);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(false);
    update.mutate(
      {
        user,
        body: {
          ...detailsBody(details),
          mustChangePassword: mustChange,
          employeeId,
        },
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={submit} data-testid="edit-user-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AccountFields details={details} onChange={setDetails} />
          <EmployeePicker
            label={t('admin.users.employee')}
            description={t('admin.users.employeeHint')}
            value={employeeId}
            onChange={setEmployeeId}
            testId="user-employee"
          />
        </SimpleGrid>
        <Checkbox
          label={t('admin.users.mustChangePassword')}
          checked={mustChange}
          onChange={(event) => setMustChange(event.currentTarget.checked)}
        />
        {update.error && <ErrorNotice error={update.error} fields={userFields(t)} />}
        {saved && (
          <Alert color="green" role="status">
            {t('admin.saved')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A role for the user: everywhere, or in one department, from and until optional dates. */
export function GrantForm({ user }: { user: User }) {
  const t = useT();
  const roleName = useRoleName();
  const lang = useLanguage();
  const roles = useRoles();
  const departments = useDepartments();
  const grant = useGrantRole();
  const [roleId, setRoleId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!roleId) return;
    const body: Schemas['GrantRequest'] = {
      roleId,
      departmentId,
      effectiveFrom: from || null,
      effectiveTo: to || null,
    };
    grant.mutate(
      { userId: user.id, body },
      {
        onSuccess: () => {
          setRoleId(null);
          setDepartmentId(null);
          setFrom('');
          setTo('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} data-testid="grant-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('admin.grants.role')}
            required
            searchable
            data={(roles.data ?? []).map((role) => ({
              value: role.id,
              label: roleName(role),
            }))}
            value={roleId}
            onChange={setRoleId}
            data-testid="grant-role"
          />
          <Select
            label={t('admin.grants.department')}
            description={t('admin.grants.departmentHint')}
            placeholder={t('admin.grants.everywhere')}
            clearable
            searchable
            data={[...(departments.data?.values() ?? [])].map((node) => ({
              value: node.id,
              label: `${localName(lang, node)} (${node.code})`,
            }))}
            value={departmentId}
            onChange={setDepartmentId}
            data-testid="grant-department"
          />
          <DayInput label={t('admin.grants.from')} value={from} onChange={setFrom} />
          <DayInput label={t('admin.grants.to')} min={from || undefined} value={to} onChange={setTo} />
        </SimpleGrid>
        {grant.error && <ErrorNotice error={grant.error} />}
        <Group justify="flex-end">
          <Button type="submit" loading={grant.isPending} disabled={!roleId}>
            {t('admin.grants.grant')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
