import {
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { nameKey } from '../../../../shared/questionnaire-rules.js';
import {
  boardNames,
  roomOf,
  type Draft,
  type Problems,
  type Room,
} from '../questionnaire-draft.js';
import { addName, bedsText, placeName, removeName, unplaceName, type Move } from '../rooming.js';

export interface RoomingBoardProps {
  rooms: readonly Room[];
  draft: Draft;
  /** The names the attendees gave through the link. */
  attendees: readonly string[];
  /** The form's problems: each room's under `rooming.<roomId>`. */
  problems: Problems;
  onChange: (draft: Draft) => void;
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * Who sleeps where: the names not placed yet, each with a "Room" choice, a
 * Place button and (for a typed name) Remove; then each room with its names
 * and beds, each name with Take out. A room never takes more names than beds.
 * Everything works with the keyboard: after a move the focus goes to the next
 * name to place. On a phone the rooms stack.
 */
export function RoomingBoard({ rooms, draft, attendees, problems, onChange }: RoomingBoardProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [note, setNote] = useState<{ text: string; refused: boolean } | null>(null);
  // Where the focus goes once a move is drawn (the element it was on may be gone).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const names = boardNames(attendees, draft);
  const unplaced = names.filter((n) => roomOf(draft, n) === undefined);
  const attendeeKeys = new Set(attendees.map(nameKey));
  const selectId = (name: string) => `${id}-room-${encodeURIComponent(nameKey(name))}`;
  const addId = `${id}-add`;
  const taken = (room: Room) => (draft.rooming[room.id] ?? []).length;

  /** The select of the name to place after `name` leaves the list (or the name field). */
  const nextFocus = (name: string) => {
    const at = unplaced.indexOf(name);
    const next = unplaced[at + 1] ?? unplaced[at - 1];
    return next === undefined ? addId : selectId(next);
  };

  function apply(move: Move, done: string, focus: string | null) {
    if ('refusal' in move) {
      setNote({ text: move.refusal, refused: true });
      return false;
    }
    onChange(move.draft);
    setNote({ text: done, refused: false });
    focusNext.current = focus;
    return true;
  }

  function add() {
    if (apply(addName(draft, typed, names), `${typed.trim()} added.`, null)) setTyped('');
  }

  function place(name: string) {
    const room = rooms.find((r) => r.id === chosen[nameKey(name)]);
    apply(placeName(draft, name, room), `${name} placed in ${room?.name}.`, nextFocus(name));
  }

  function takeOut(name: string, room: Room) {
    const move = { draft: unplaceName(draft, name, attendees) };
    apply(move, `${name} taken out of ${room.name}.`, selectId(name));
  }

  function remove(name: string) {
    apply({ draft: removeName(draft, name) }, `${name} removed.`, nextFocus(name));
  }

  const onAddKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the name here; it would otherwise send the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const options = [
    { value: '', label: 'Choose a room' },
    ...rooms.map((room) => ({
      value: room.id,
      label: `${room.name} (${bedsText(taken(room), room)}${taken(room) >= room.beds ? ', full' : ''})`,
    })),
  ];

  return (
    <Stack gap="md">
      <Title order={3}>Rooming</Title>
      <Text size="sm">
        Place each guest in a room: the names your attendees gave, and any you add here. A room
        takes as many people as it has beds.
      </Text>
      <Group align="flex-end" gap="xs">
        <TextInput
          id={addId}
          label="Add a name"
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={onAddKey}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="button" variant="default" onClick={add}>
          Add
        </Button>
      </Group>
      {/* Moves are announced politely, refusals at once. */}
      <Text role="status" size="sm">
        {note && !note.refused ? note.text : ''}
      </Text>
      {note?.refused ? (
        <Text role="alert" c="red.9" size="sm">
          {note.text}
        </Text>
      ) : null}

      <Box component="section" aria-labelledby={`${id}-unplaced`}>
        <Title order={4} id={`${id}-unplaced`} mb="xs">
          {`Not placed yet (${unplaced.length} of ${names.length})`}
        </Title>
        {unplaced.length === 0 ? (
          <Text size="sm">{names.length === 0 ? 'No names yet.' : 'Everyone has a room.'}</Text>
        ) : (
          <Stack component="ul" gap="xs" style={listStyle}>
            {unplaced.map((name) => (
              <Paper component="li" key={nameKey(name)} withBorder p="xs">
                <Text fw={600} mb={4} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Group gap="xs" align="flex-end">
                  <NativeSelect
                    id={selectId(name)}
                    aria-label={`Room for ${name}`}
                    data={options}
                    value={chosen[nameKey(name)] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setChosen((c) => ({ ...c, [nameKey(name)]: value }));
                    }}
                    style={{ flex: '1 1 12rem' }}
                  />
                  <Button type="button" aria-label={`Place ${name}`} onClick={() => place(name)}>
                    Place
                  </Button>
                  {attendeeKeys.has(nameKey(name)) ? null : (
                    <Button
                      type="button"
                      variant="default"
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(name)}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {rooms.map((room) => {
          const headingId = `${id}-${room.id}`;
          const inRoom = draft.rooming[room.id] ?? [];
          const problem = problems[`rooming.${room.id}`];
          return (
            <Paper key={room.id} component="section" aria-labelledby={headingId} withBorder p="sm">
              <Title order={4} id={headingId}>
                {room.name}
              </Title>
              <Text size="sm" mb="xs">
                {bedsText(inRoom.length, room)}
              </Text>
              {problem ? (
                <Text size="sm" c="red.9" mb="xs">
                  {problem}
                </Text>
              ) : null}
              {inRoom.length === 0 ? (
                <Text size="sm">Nobody yet.</Text>
              ) : (
                <Stack component="ul" gap={4} style={listStyle}>
                  {inRoom.map((name) => (
                    <Group
                      component="li"
                      key={nameKey(name)}
                      justify="space-between"
                      gap="xs"
                      wrap="nowrap"
                    >
                      <Text style={{ overflowWrap: 'anywhere' }}>{name}</Text>
                      <Button
                        type="button"
                        size="compact-sm"
                        variant="default"
                        aria-label={`Take ${name} out of ${room.name}`}
                        onClick={() => takeOut(name, room)}
                      >
                        Take out
                      </Button>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      {problems.rooming ? (
        <Text size="sm" c="red.9">
          {problems.rooming}
        </Text>
      ) : null}
    </Stack>
  );
}
