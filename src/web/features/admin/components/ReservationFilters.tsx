import { NativeSelect } from '@mantine/core';
import type { Reservation } from '../api/reservations.js';

export const ALL_USERS = '';

export interface MemberOption {
  id: number;
  username: string;
}

/** The members present in the data, by username. */
export function membersOf(reservations: readonly Reservation[]): MemberOption[] {
  const byId = new Map<number, MemberOption>();
  for (const r of reservations) {
    if (!byId.has(r.userId)) byId.set(r.userId, { id: r.userId, username: r.user.username });
  }
  return [...byId.values()].sort((a, b) => a.username.localeCompare(b.username));
}

export interface UserFilterProps {
  members: readonly MemberOption[];
  selected: MemberOption | null;
  /** The member's id as text, or null for every user. */
  onChange: (userId: string | null) => void;
}

/** 'Filter by user': every member who has a reservation, or all users. */
export function UserFilter({ members, selected, onChange }: UserFilterProps) {
  return (
    <NativeSelect
      label="Filter by user"
      w={{ base: '100%', xs: 260 }}
      value={selected ? String(selected.id) : ALL_USERS}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      data={[
        { value: ALL_USERS, label: 'All users' },
        ...members.map((m) => ({ value: String(m.id), label: m.username })),
      ]}
    />
  );
}
