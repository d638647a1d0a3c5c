import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldId, wordKey, type Path } from '../form/draft.js';
import { isMoneyField } from '../form/money.js';
import { FIELD_WORDS, fieldWords, itemName } from '../field-words.js';
import { CONTENT_NAMES, KINDS, type ContentName } from '../kinds.js';
import { CONTENT, openEditor, siteServer } from '../site.testing.js';

/** Every value of a kind's JSON with where it stands. */
function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

/** A value as its input shows it: money in the currency's units with two decimals. */
const shown = (path: Path, value: unknown) =>
  typeof value === 'number' && isMoneyField(path) ? (value / 100).toFixed(2) : String(value);

describe('the editor of each kind', () => {
  it.each(CONTENT_NAMES)(
    'shows every value of content/%s.json in a field named in plain words',
    async (name: ContentName) => {
      siteServer();
      await openEditor(name);
      expect(screen.getByText(KINDS[name].description)).toBeInTheDocument();
      const values = leaves(CONTENT[name]);
      expect(values.length).toBeGreaterThan(2);
      for (const { path, value } of values) {
        const inList = typeof path.at(-1) === 'number';
        const words = FIELD_WORDS[name][wordKey(path)];
        const input = document.getElementById(fieldId(path));
        if (!input) {
          // A choice of several (the meals of a plan): a checked box in its group.
          const group = document.getElementById(fieldId(path.slice(0, -1)))!;
          const option = fieldWords(name, path.slice(0, -1)).options?.[String(value)];
          expect(option, `${path.join('.')} has words for ${String(value)}`).toBeDefined();
          expect(within(group).getByRole('checkbox', { name: option })).toBeChecked();
          continue;
        }
        expect(words, `words for ${wordKey(path)}`).toBeDefined();
        expect(input).toHaveAccessibleName(inList ? itemName(name, path) : words!.label);
        if (typeof value === 'boolean') {
          if (value) expect(input).toBeChecked();
          else expect(input).not.toBeChecked();
        } else expect(input, path.join('.')).toHaveValue(shown(path, value));
      }
    },
    20_000,
  );

  it.each(CONTENT_NAMES)('names every input of %s', async (name: ContentName) => {
    siteServer();
    await openEditor(name);
    const inputs = ['textbox', 'combobox', 'checkbox', 'switch'].flatMap((role) =>
      screen.queryAllByRole(role),
    );
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(input).toHaveAccessibleName(/\w/);
  });

  it('asks for the description of a picture, and says it is required', async () => {
    siteServer();
    await openEditor('gallery');
    const alts = screen.getAllByRole('textbox', {
      name: 'Describe the picture for people who cannot see it',
    });
    expect(alts).toHaveLength(6);
    expect(alts[0]).toBeRequired();
    expect(alts[0]).toHaveAccessibleDescription(expect.stringMatching(/^Required\./));
  });

  it('chooses the floor shown first among the floors, and the highlights among the pictures', async () => {
    siteServer();
    await openEditor('floor-plans');
    const first = screen.getByRole('combobox', { name: 'Floor shown first' });
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Second Floor', 'First Floor', 'Basement']);
    expect(first).toHaveValue('basement');
  });

  it('says so when there is no such part of the site', async () => {
    siteServer();
    const { renderPageAt } = await import('@/test/utils.js');
    await renderPageAt('/admin/site/menu', 'Not a part of the site');
    expect(screen.getByRole('link', { name: 'All parts of the site' })).toHaveAttribute(
      'href',
      '/admin/site',
    );
  });
});
