import { hasMessage, useT } from './I18nProvider';

/**
 * A role as the reader says it: a system role by its name in the reader's language, a role the unit
 * made by the name it was given (never its code, such as HR_ADMIN, unless it has nothing else).
 */
export function useRoleName(): (role: { code: string; name?: string | null; isSystem?: boolean }) => string {
  const t = useT();
  return (role) => {
    const id = `common.role.${role.code}`;
    // A system role keeps its own name unless the unit renamed it.
    const untouched = !role.name || role.name === role.code || role.name === role.code.replaceAll('_', ' ');
    if (role.isSystem !== false && untouched && hasMessage(id)) return t(id);
    return role.name || role.code;
  };
}
