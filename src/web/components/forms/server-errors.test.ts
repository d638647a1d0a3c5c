import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client.js';
import { serverFieldErrors, showServerErrors } from './server-errors.js';

const refused = new ApiError(400, 'Please enter an Event Name.', {
  fromServer: true,
  code: 'validation_failed',
  issues: [
    { path: 'body.eventName', message: 'Please enter an Event Name.' },
    { path: 'body.eventName', message: 'A second message for the same field.' },
    { path: 'body.responsiblePersons.0.name', message: 'Name please.' },
    { path: 'body', message: 'Say what to change.' },
    { path: 'querystring.accountId', message: 'Not a number.' },
  ],
});

describe('serverFieldErrors', () => {
  it("gives each body field's first message, the whole body's under '', and nothing of the query", () => {
    expect(serverFieldErrors(refused)).toEqual({
      eventName: 'Please enter an Event Name.',
      responsiblePersons: 'Name please.',
      '': 'Say what to change.',
    });
  });

  it('gives the field a code stands for, with the answer’s message', () => {
    const missing = new ApiError(400, 'Please select a file to upload.', {
      fromServer: true,
      code: 'file_missing',
    });
    expect(serverFieldErrors(missing, { file_missing: 'file' })).toEqual({
      file: 'Please select a file to upload.',
    });
    expect(serverFieldErrors(missing)).toEqual({});
  });

  it('knows nothing of other failures', () => {
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
    expect(serverFieldErrors(new ApiError(500, 'Internal error.'))).toEqual({});
  });
});

describe('showServerErrors', () => {
  it("sets the form's own fields only and says whether it set any", () => {
    const setError = vi.fn();
    const form = { fields: { eventName: '', eventDescription: '' }, setError };
    expect(showServerErrors(form, refused)).toBe(true);
    expect(setError.mock.calls).toEqual([['eventName', 'Please enter an Event Name.']]);

    setError.mockClear();
    expect(showServerErrors(form, new ApiError(409, 'Taken.', { code: 'days_taken' }))).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
