import { expect } from '@playwright/test';
import { apiAs } from './support.ts';

/** A ramp colleague the story can act as: their employee number and their account. */
export interface Colleague {
  employeeNumber: string;
  username: string;
  password: string;
}

interface Shift {
  assignmentId: string;
  date: string;
}

interface TimedShift extends Shift {
  shiftTemplate: { id: string; nameEn: string; nameAr: string | null };
}

/**
 * Two colleagues who work the same shift on the same day of the week (the newcomers, who hold no skill
 * and so work the lines that need none): once the planner frees the first of that day, the rules allow
 * them the second's shift (the same hours in a week they already worked), and the second, given it
 * away, the first's line. The ramp works everyone six days a week, so only this makes room for sure.
 */
export async function sameShiftOfTwo(from: string, to: string, accounts: readonly Colleague[]) {
  const shifts = await Promise.all(
    accounts.map(
      async (colleague) =>
        (
          await getAs<{ items: TimedShift[] }>(
            colleague.username,
            `/api/me/live-shifts?from=${from}&to=${to}`,
          )
        ).items,
    ),
  );
  for (const [i, freed] of accounts.entries())
    for (const [j, giver] of accounts.entries()) {
      if (i === j) continue;
      for (const freedShift of shifts[i]!) {
        const giverShift = shifts[j]!.find(
          (shift) => shift.date === freedShift.date && shift.shiftTemplate.id === freedShift.shiftTemplate.id,
        );
        if (giverShift) return { freed, giver, date: freedShift.date, freedShift, giverShift };
      }
    }
  return null;
}

async function getAs<T>(username: string, path: string): Promise<T> {
  const client = await apiAs(username);
  const answer = await client.get(path);
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as T;
  await client.dispose();
  return body;
}

/** A shift of the week offered by one colleague: for one in return (a swap) or to another (a give-away). */
export interface Proposal {
  proposer: Colleague;
  offered: Shift;
  colleague: Colleague;
  wanted?: Shift;
}

/**
 * A swap and, where anyone is free to take one, a give-away of the week between ramp colleagues with
 * accounts, as the service lists them (only what the rules allow both sides), on two different shifts.
 * Which shifts the run gave whom is the engine's choice, so the story asks.
 */
export async function swapsOfTheWeek(
  from: string,
  to: string,
  accounts: readonly Colleague[],
  chosenGiveAway?: Proposal,
) {
  const byNumber = new Map(accounts.map((colleague) => [colleague.employeeNumber, colleague]));
  const swaps: Required<Proposal>[] = [];
  const giveAways: Proposal[] = [];
  const seen: string[] = [];
  for (const proposer of accounts) {
    const own = await getAs<{ items: Shift[] }>(
      proposer.username,
      `/api/me/live-shifts?from=${from}&to=${to}`,
    );
    for (const offered of own.items) {
      const { colleagues: listed } = await getAs<{
        colleagues: { employee: { employeeNumber: string }; canTakeOver: boolean; shifts: Shift[] }[];
      }>(proposer.username, `/api/me/shift-swap-candidates?assignmentId=${offered.assignmentId}`);
      seen.push(
        `${proposer.employeeNumber} ${offered.date}: ${listed.map((c) => `${c.employee.employeeNumber}${c.canTakeOver ? '+' : ''}/${c.shifts.length}`).join(' ')}`,
      );
      for (const candidate of listed) {
        const colleague = byNumber.get(candidate.employee.employeeNumber);
        if (!colleague) continue;
        for (const wanted of candidate.shifts) swaps.push({ proposer, offered, wanted, colleague });
        if (candidate.canTakeOver) giveAways.push({ proposer, offered, colleague });
      }
    }
  }
  // Two shifts that no two proposals share a person of, where the week allows: each is approved on its own.
  // A week that works everyone six days may leave no one free to take a shift: then only the swap.
  const people = (proposal: Proposal) => [proposal.proposer.username, proposal.colleague.username];
  if (chosenGiveAway) {
    // Apart from the give-away's people: a swap of theirs could move a shift next to the day given away.
    const swap = swaps.find(
      (candidate) => !people(candidate).some((person) => people(chosenGiveAway).includes(person)),
    );
    if (swap) return { swap, giveAway: chosenGiveAway };
  }
  for (const apart of [true, false])
    for (const swap of swaps) {
      const giveAway = giveAways.find(
        (other) =>
          other.offered.assignmentId !== swap.offered.assignmentId &&
          other.offered.assignmentId !== swap.wanted.assignmentId &&
          (!apart || !people(other).some((person) => people(swap).includes(person))),
      );
      if (giveAway) return { swap, giveAway };
    }
  const swap = swaps[0];
  if (!swap) throw new Error(`nothing to swap between colleagues with accounts: ${seen.join('; ')}`);
  return { swap, giveAway: null };
}

/** The swap the user proposed of their shift. */
export async function swapOf(username: string, offeredAssignmentId: string): Promise<string> {
  const page = await getAs<{ items: { id: string; offered: { assignmentId: string | null } }[] }>(
    username,
    '/api/me/shift-swaps?role=proposed&pageSize=200',
  );
  return page.items.find((swap) => swap.offered.assignmentId === offeredAssignmentId)!.id;
}
