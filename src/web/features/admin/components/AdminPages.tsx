import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.js';

export function DashboardPage() {
  return (
    <>
      <PageTitle>Admin Dashboard</PageTitle>
      <Text>
        Welcome to the administration area. Approve new users and manage all reservations here.
      </Text>
    </>
  );
}

export function UsersPage() {
  return (
    <>
      <PageTitle>Users</PageTitle>
      <Text>Registrations waiting for approval.</Text>
    </>
  );
}

export function AdminReservationsPage() {
  return (
    <>
      <PageTitle>Reservations</PageTitle>
      <Text>All reservations of every account.</Text>
    </>
  );
}
