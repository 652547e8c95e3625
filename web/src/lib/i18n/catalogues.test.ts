import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { arabic, areas, english } from './messages/index';

describe('the catalogues', () => {
  it('hold the same messages in English and Arabic, area by area', () => {
    for (const [area, pair] of Object.entries(areas))
      expect(Object.keys(pair.ar).sort(), area || 'shared').toEqual(Object.keys(pair.en).sort());
  });

  it('keep each area to its own prefix, and no message in two files', () => {
    const seen = new Map<string, string>();
    for (const [area, pair] of Object.entries(areas))
      for (const id of Object.keys(pair.en)) {
        if (area) expect(id.startsWith(`${area}.`), `${id} in ${area}.en.json`).toBe(true);
        else expect(Object.keys(areas).includes(id.split('.')[0]!), `${id} in en.json`).toBe(false);
        expect(seen.get(id), `${id} twice`).toBeUndefined();
        seen.set(id, area);
      }
  });

  it('parse as ICU messages with the same arguments in both languages', () => {
    const argumentsOf = (message: string) =>
      [
        ...new Set(
          parse(message).flatMap((element) =>
            'value' in element && element.type !== 0 ? [String(element.value)] : [],
          ),
        ),
      ].sort();
    for (const [id, englishMessage] of Object.entries(english)) {
      const arabicMessage = (arabic as Record<string, string>)[id]!;
      expect(argumentsOf(arabicMessage), id).toEqual(argumentsOf(englishMessage));
    }
  });

  it('give Arabic plurals their Arabic forms', () => {
    for (const [id, message] of Object.entries(arabic)) {
      if (!message.includes(', plural,')) continue;
      expect(message, id).toMatch(/\bone \{/);
      expect(message, id).toMatch(/\bother \{/);
    }
  });
});
