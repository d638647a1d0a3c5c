import { Text, TextInput } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { changeUsernameBody } from '../../../../shared/schemas/users.js';
import { useChangeUsername } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { SaveForm } from './SaveForm.js';
import { useFlash } from './useFlash.js';

/** Change username: not empty, and different from the current one (docs/product.md §5). */
export function ChangeUsernameForm({ currentUsername }: { currentUsername: string }) {
  const change = useChangeUsername();
  const { flash, save } = useFlash();
  const { setFields, setError, validate, bind } = useSchemaForm(changeUsernameBody, {
    newUsername: '',
  });

  const onSave = () =>
    void save(async () => {
      const data = validate();
      if (!data) return;
      if (data.newUsername === currentUsername) {
        setError('newUsername', messages.usernameSame);
        return;
      }
      const answer = await change.mutateAsync(data.newUsername);
      setFields({ newUsername: '' });
      return answer.message || messages.usernameChanged;
    }, messages.usernameChangeFailed);

  return (
    <TitledSection title="Change Username">
      <Text>
        Current username:{' '}
        <Text span fw={600}>
          {currentUsername}
        </Text>
      </Text>
      <SaveForm label="Change Username" pending={change.isPending} flash={flash} onSave={onSave}>
        <TextInput label="New username" required autoComplete="username" {...bind('newUsername')} />
      </SaveForm>
    </TitledSection>
  );
}
