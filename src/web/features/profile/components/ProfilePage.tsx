import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.js';
import { authStatusQuery } from '@/lib/api/session.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { PageTitle } from '@/components/PageTitle.js';
import { isNoAccount } from '@/lib/api/session.js';
import { accountProfileQuery } from '../api/profile.js';
import { AccountNameForm } from './AccountNameForm.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { ChangeUsernameForm } from './ChangeUsernameForm.js';
import { EmailForm } from './EmailForm.js';
import { PrimaryContactForm } from './PrimaryContactForm.js';
import { ResponsiblePersons } from './ResponsiblePersons.js';

export const NO_ACCOUNT_NOTE =
  'You are not assigned to an account yet. An administrator will assign one; until then you can still change your email address, username and password.';

/** The account's parts of the page: contact, name and responsible persons. */
function AccountSections() {
  const profile = useQuery(accountProfileQuery);

  if (profile.isPending) return <CenteredLoader label="Loading account profile..." />;
  if (profile.isError) {
    if (isNoAccount(profile.error)) {
      return (
        <Alert color="blue" title="No account yet">
          {NO_ACCOUNT_NOTE}
        </Alert>
      );
    }
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text inherit>{messages.accountProfileFailed}</Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={profile.isFetching}
            onClick={() => void profile.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const data = profile.data;
  // Keyed by the account: the forms start from its saved values.
  return (
    <>
      <PrimaryContactForm key={`contact-${data.id}`} profile={data} />
      <AccountNameForm key={`name-${data.id}`} profile={data} />
      <ResponsiblePersons key={`persons-${data.id}`} profile={data} />
    </>
  );
}

/** /account/profile: the account's contact details and the user's login (docs/product.md §2). */
export function ProfilePage() {
  const auth = useQuery(authStatusQuery);
  const user = auth.data?.authenticated ? auth.data.user : null;
  const username = user?.username ?? '';

  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Text mb="md">
        Your account&apos;s contact details and responsible persons, and your own email address,
        username and password.
      </Text>
      <Stack gap="lg">
        <AccountSections />
        {/* Keyed by the user: the field starts from the saved address. */}
        <EmailForm key={`email-${user?.id ?? 0}`} currentEmail={user?.email ?? null} />
        <ChangeUsernameForm currentUsername={username} />
        <ChangePasswordForm />
      </Stack>
    </>
  );
}
