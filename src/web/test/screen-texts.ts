/**
 * What the tests read off the screen to compare as plain values: the texts of
 * a table's headers and rows, of the options, of the tabs, and a card's
 * labelled fields. The role-based ones throw when there is none, as
 * `getAllByRole` does.
 */
import { screen, within } from '@testing-library/react';

const textsOf = (elements: readonly Element[]) => elements.map((e) => e.textContent);

/** A table's column headers, left to right. */
export const headerTexts = (table: HTMLElement) =>
  textsOf(within(table).getAllByRole('columnheader'));

/** A table's body rows (the header row left out), each as the texts of its cells. */
export const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => textsOf(within(row).getAllByRole('cell')));

/** The options of a select or a listbox, in order. */
export const optionTexts = (list: HTMLElement) => textsOf(within(list).getAllByRole('option'));

/** The tabs on the screen: their labels, counts included. */
export const tabTexts = () => textsOf(screen.getAllByRole('tab'));

/** A card's labelled fields: each label (dt) with the text of its value (dd). */
export const cardFields = (card: Element) =>
  Object.fromEntries(
    [...card.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );
