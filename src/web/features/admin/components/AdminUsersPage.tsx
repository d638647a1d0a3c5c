import { Stack } from '@mantine/core';
import { PageTitle } from '@/components/PageTitle.js';
import { AllUsersSection } from './AllUsersSection.js';
import { PendingUsersSection } from './PendingUsersSection.js';

/**
 * Users (docs/product.md §2, §4): the registrations waiting for approval first, then the
 * directory of every user with their church, role and access.
 */
export function UsersPage() {
  return (
    <>
      <PageTitle>Users</PageTitle>
      <Stack gap="xl">
        <PendingUsersSection />
        <AllUsersSection />
      </Stack>
    </>
  );
}
