import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.js';

export function ProfilePage() {
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Text>Your account&apos;s contact details, responsible persons, username and password.</Text>
    </>
  );
}

export function PaymentsPage() {
  return (
    <>
      <PageTitle>Payments</PageTitle>
      <Text>Pending payments and your payment history.</Text>
    </>
  );
}

export function DocumentationPage() {
  return (
    <>
      <PageTitle>Documentation</PageTitle>
      <Text>Documents shared with your account.</Text>
    </>
  );
}

export function HistoryPage() {
  return (
    <>
      <PageTitle>History</PageTitle>
      <Text>This content will be added later.</Text>
    </>
  );
}
