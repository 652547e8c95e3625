import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import ar from './messages/ar.json';
import en from './messages/en.json';

describe('the catalogues', () => {
  it('hold the same messages in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
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
    for (const [id, english] of Object.entries(en)) {
      const arabic = (ar as Record<string, string>)[id]!;
      expect(argumentsOf(arabic), id).toEqual(argumentsOf(english));
    }
  });

  it('give Arabic plurals their Arabic forms', () => {
    for (const [id, arabic] of Object.entries(ar)) {
      if (!arabic.includes(', plural,')) continue;
      expect(arabic, id).toMatch(/\bone \{/);
      expect(arabic, id).toMatch(/\bother \{/);
    }
  });
});
