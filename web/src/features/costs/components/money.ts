/** For drawing only (a bar's length), where a binary number is exact enough. */
export const amountForChart = (amount: string | null) => (amount === null ? 0 : Number(amount));
