/**
 * The rooming board alone: placing a name with the keyboard, a room refused
 * once its beds are taken, names typed, taken out and removed; at phone width.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { questionnaireOf, TEST_ROOMS } from '@/test/questionnaire.js';
import { optionTexts } from '@/test/screen-texts.js';
import { atPhoneWidth } from '@/test/utils.js';
import { draftOf, type Draft } from '../questionnaire-draft.js';
import { RoomingBoard } from './RoomingBoard.js';

/** The board over a draft kept here, as the questionnaire's form keeps it. */
function Board({ rooming, attendees }: { rooming: Draft['rooming']; attendees: string[] }) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...draftOf(questionnaireOf()), rooming }));
  return (
    <RoomingBoard
      rooms={TEST_ROOMS}
      draft={draft}
      attendees={attendees}
      problems={{}}
      onChange={setDraft}
    />
  );
}

function renderBoard(rooming: Draft['rooming'] = {}, attendees = ['Ann Lee', 'Bo Park']) {
  render(
    <MantineProvider env="test">
      <Board rooming={rooming} attendees={attendees} />
    </MantineProvider>,
  );
}

const room = (name: string) => screen.getByRole('region', { name });
const unplaced = () => screen.getByRole('region', { name: /^Not placed yet/ });
const roomSelect = (name: string) => screen.getByRole('combobox', { name: `Room for ${name}` });
const namesIn = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent);

describe('the rooming board', () => {
  it('places a name with the keyboard alone, and goes on to the next name', async () => {
    atPhoneWidth({ width: 360, height: 740 });
    renderBoard();
    const user = userEvent.setup();
    expect(unplaced()).toHaveAccessibleName('Not placed yet (2 of 2)');
    await user.tab(); // Add a name
    await user.tab(); // Add
    await user.tab();
    expect(roomSelect('Ann Lee')).toHaveFocus();
    expect(optionTexts(roomSelect('Ann Lee'))).toEqual([
      'Choose a room',
      'Cedar room (0 of 2 beds taken)',
      'Oak room (0 of 4 beds taken)',
      'The loft (0 of 1 bed taken)',
    ]);
    await user.selectOptions(roomSelect('Ann Lee'), 'Cedar room (0 of 2 beds taken)');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Place Ann Lee' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(namesIn(room('Cedar room'))).toEqual(['Ann Lee']);
    expect(within(room('Cedar room')).getByText('1 of 2 beds taken')).toBeVisible();
    expect(namesIn(unplaced())).toEqual(['Bo Park']);
    expect(screen.getByRole('status')).toHaveTextContent('Ann Lee placed in Cedar room.');
    // The focus moves on to the next name to place.
    expect(roomSelect('Bo Park')).toHaveFocus();
  });

  it('refuses a room whose beds are all taken, and the name stays to place', async () => {
    renderBoard({ loft: ['Cy Diaz'] });
    const user = userEvent.setup();
    expect(optionTexts(roomSelect('Ann Lee'))).toContain('The loft (1 of 1 bed taken, full)');
    await user.selectOptions(roomSelect('Ann Lee'), 'loft');
    await user.click(screen.getByRole('button', { name: 'Place Ann Lee' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The loft is full: it has 1 bed. Choose another room for Ann Lee, or take someone out of The loft first.',
    );
    expect(namesIn(room('The loft'))).toEqual(['Cy Diaz']);
    expect(namesIn(unplaced())).toEqual(['Ann Lee', 'Bo Park']);

    // Without a room chosen, nothing moves either.
    await user.click(screen.getByRole('button', { name: 'Place Bo Park' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a room for Bo Park first.');
  });

  it('adds a typed name, takes a name out of its room and removes a typed name', async () => {
    renderBoard({ loft: ['Cy Diaz'] });
    const user = userEvent.setup();
    const add = screen.getByRole('textbox', { name: 'Add a name' });
    await user.type(add, 'Dee Fox{Enter}');
    expect(namesIn(unplaced())).toEqual(['Ann Lee', 'Bo Park', 'Dee Fox']);
    expect(add).toHaveValue('');
    await user.type(add, 'ann lee{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Ann Lee is already on the list.');

    await user.click(screen.getByRole('button', { name: 'Take Cy Diaz out of The loft' }));
    expect(within(room('The loft')).getByText('Nobody yet.')).toBeVisible();
    expect(namesIn(unplaced())).toEqual(['Ann Lee', 'Bo Park', 'Dee Fox', 'Cy Diaz']);
    expect(roomSelect('Cy Diaz')).toHaveFocus();

    // The attendees' names stay (they leave through the attendees' list); typed ones may go.
    expect(screen.queryByRole('button', { name: 'Remove Ann Lee' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Dee Fox' }));
    expect(namesIn(unplaced())).toEqual(['Ann Lee', 'Bo Park', 'Cy Diaz']);
  });
});
