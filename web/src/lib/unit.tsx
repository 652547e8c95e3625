import { createContext, type ReactNode, useContext } from 'react';

/** The business unit's calendar settings every date on screen follows. */
export interface Unit {
  timeZone: string;
  /** 0 = Sunday. */
  weekStart: number;
  weekendDays: readonly number[];
}

export const DEFAULT_UNIT: Unit = { timeZone: 'Asia/Riyadh', weekStart: 0, weekendDays: [5, 6] };
const UnitContext = createContext<Unit>(DEFAULT_UNIT);

export const UnitProvider = ({ unit, children }: { unit: Unit; children: ReactNode }) => (
  <UnitContext.Provider value={unit}>{children}</UnitContext.Provider>
);
export const useUnit = () => useContext(UnitContext);
