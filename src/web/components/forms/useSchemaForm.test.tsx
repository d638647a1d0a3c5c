import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './useSchemaForm.js';

const schema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(5, 'Five letters at most.'),
    note: z
      .string()
      .trim()
      .max(10, 'Ten letters at most.')
      .transform((v) => v || null),
  })
  .refine((v) => v.name !== 'taken', { message: 'That name is taken.' });

/** A form of the hook: shows what `validate()` returned and the form-wide message. */
function Probe() {
  const { errors, validate, bind } = useSchemaForm(schema, { name: '', note: '' });
  const [sent, setSent] = useState<string>('nothing');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const data = validate();
        if (data) setSent(JSON.stringify(data));
      }}
    >
      <TextInput label="Name" {...bind('name')} />
      <TextInput label="Note" {...bind('note')} />
      <p>form-wide: {errors[''] ?? 'none'}</p>
      <p>sent: {sent}</p>
      <button type="submit">Send</button>
    </form>
  );
}

const renderProbe = () =>
  render(
    <MantineProvider env="test">
      <Probe />
    </MantineProvider>,
  );

describe('useSchemaForm', () => {
  it("shows each field's first message from the shared schema and sends nothing", async () => {
    const user = userEvent.setup();
    renderProbe();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('sent: nothing')).toBeInTheDocument();
  });

  it("clears a field's message when the field is edited", async () => {
    const user = userEvent.setup();
    renderProbe();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
  });

  it("puts the focus on the first field with a message, in the fields' order", async () => {
    const user = userEvent.setup();
    renderProbe();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.type(note, 'far too long');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(name).toHaveFocus();
    await user.type(name, 'Anna');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Ten letters at most.')).toBeInTheDocument();
    expect(note).toHaveFocus();
  });

  it('puts a message of the whole form under the empty name', async () => {
    const user = userEvent.setup();
    renderProbe();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'taken');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('form-wide: That name is taken.')).toBeInTheDocument();
    expect(screen.getByText('sent: nothing')).toBeInTheDocument();
    // No field to go to: the focus stays where it was.
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it("returns the schema's output: trimmed, an empty note as null", async () => {
    const user = userEvent.setup();
    renderProbe();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Anna ');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('sent: {"name":"Anna","note":null}')).toBeInTheDocument();
  });
});
