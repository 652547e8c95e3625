/**
 * A colour's darkest shade mixed with black: text and fills in it keep at least 4.5:1 against white for
 * every colour of the palette (the palette's own green, orange or yellow text fall short on white).
 */
export const deep = (name: string) => `color-mix(in srgb, var(--mantine-color-${name}-9) 65%, black)`;
