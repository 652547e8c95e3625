/** Starts loading the code of the screen a person lands on, beside the profile rather than after it. */
export function preloadFirstScreen(permissions: readonly string[]): void {
  void (permissions.includes('dashboard.view')
    ? Promise.all([
        import('../features/platform/routes/DashboardPage'),
        import('../features/costs/components/LabourCostTile'),
      ])
    : import('../features/me/routes/MyRosterPage'));
}
