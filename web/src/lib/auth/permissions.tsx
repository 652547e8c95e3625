import { createContext, type ReactNode, useContext } from 'react';

/** The caller's permissions as the profile lists them: screens and links show only what they allow. */
const PermissionsContext = createContext<ReadonlySet<string>>(new Set());

export function PermissionsProvider({
  permissions,
  children,
}: {
  permissions: readonly string[];
  children: ReactNode;
}) {
  return <PermissionsContext.Provider value={new Set(permissions)}>{children}</PermissionsContext.Provider>;
}

export function usePermissions() {
  const permissions = useContext(PermissionsContext);
  return {
    has: (permission: string) => permissions.has(permission),
    any: (...names: string[]) => names.some((name) => permissions.has(name)),
  };
}
