import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { longDate } from '../../../../shared/dates.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { pricingInfoQuery } from '@/lib/api/money.js';
import type { Questionnaire } from '@/lib/api/questionnaire.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { LeaveGuard } from '@/components/LeaveGuard.js';
import { useSaveQuestionnaire, useSendQuestionnaire } from '../api/questionnaire.js';
import {
  bodyOf,
  checkDraft,
  draftOf,
  NEEDS_FINAL_COUNT,
  problemsOf,
  type Draft,
  type Problems,
} from '../questionnaire-draft.js';
import { FIELD_ORDER, fieldId, QuestionnaireFields } from './QuestionnaireFields.js';
import { RoomingBoard } from './RoomingBoard.js';

export const QUESTIONNAIRE_SAVED =
  'Draft saved. You can come back and change it; it binds nothing until you send it to the house.';
export const QUESTIONNAIRE_SENT = 'Sent to the house. Thank you!';
export const QUESTIONNAIRE_PROBLEMS = 'Some answers need a change: see the messages below.';
export const QUESTIONNAIRE_FAILED = 'The questionnaire could not be saved. Please try again.';

export interface QuestionnaireFormProps {
  reservationId: number;
  questionnaire: Questionnaire;
  /** The attendees' names, for the rooming board. */
  attendees: readonly string[];
  /** An administrator: the final count stays open after its due day. */
  staff: boolean;
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Which problems an edit of these fields clears: theirs, and a room's when the rooming changes. */
function withoutProblemsOf(problems: Problems, change: Partial<Draft>): Problems {
  const keys = Object.keys(change).map((k) => (k === 'extraNames' ? 'rooming' : k));
  return Object.fromEntries(
    Object.entries(problems).filter(
      ([key]) => !keys.some((k) => key === k || key.startsWith(`${k}.`)),
    ),
  );
}

/**
 * The pre-arrival questionnaire (docs/stays.md, "The questionnaire"): its
 * answers, the rooming board, "Save draft" (the whole questionnaire, which
 * replaces what was saved) and "Send to the house" (saved, then sent).
 * Problems show by their fields before anything is sent, with the server's
 * messages; the server's own refusals show the same way.
 */
export function QuestionnaireForm({
  reservationId,
  questionnaire,
  attendees,
  staff,
}: QuestionnaireFormProps) {
  const idPrefix = useId();
  const [draft, setDraft] = useState(() => draftOf(questionnaire));
  // What the server holds, to tell the leader before leaving with changes not saved.
  const [savedBody, setSavedBody] = useState(() =>
    JSON.stringify(bodyOf(draftOf(questionnaire), questionnaire.rooms)),
  );
  const currentBody = useMemo(
    () => JSON.stringify(bodyOf(draft, questionnaire.rooms)),
    [draft, questionnaire.rooms],
  );
  const dirty = currentBody !== savedBody;
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useSaveQuestionnaire(reservationId);
  const send = useSendQuestionnaire(reservationId);
  const today = useHouseToday();
  const maximumGuests = useQuery(pricingInfoQuery).data?.group?.maximumGuests;
  const due = questionnaire.finalCountDueDate;
  const countClosed = !staff && due !== null && today > due;
  /** The button whose request runs. */
  const [running, setRunning] = useState<'save' | 'send' | null>(null);
  const busy = running !== null;

  function change(partial: Partial<Draft>) {
    setDraft((d) => ({ ...d, ...partial }));
    setProblems((p) => withoutProblemsOf(p, partial));
  }

  function showProblems(found: Problems) {
    setProblems(found);
    setOutcome({ tone: 'error', text: found[''] ?? QUESTIONNAIRE_PROBLEMS });
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) document.getElementById(fieldId(idPrefix, first))?.focus();
  }

  async function submit(toHouse: boolean) {
    if (busy) return;
    setOutcome(null);
    const checked = checkDraft(draft, questionnaire.rooms, { send: toHouse, maximumGuests });
    if (countClosed && checked.problems.finalGuests === NEEDS_FINAL_COUNT) {
      // The member can no longer give it: the house can.
      checked.problems.finalGuests = `The final count was due by ${longDate(due!)}. Ask the house to give it, then send the questionnaire.`;
    }
    if (Object.keys(checked.problems).length > 0) return showProblems(checked.problems);
    let saved = false;
    setRunning(toHouse ? 'send' : 'save');
    try {
      await save.mutateAsync(checked.body);
      saved = true;
      setSavedBody(JSON.stringify(checked.body));
      if (toHouse) await send.mutateAsync();
    } catch (err) {
      if (err instanceof ApiError && err.issues && err.issues.length > 0) {
        return showProblems(problemsOf(err.issues, checked.body));
      }
      if (err instanceof ApiError && err.code === 'final_count_closed') {
        return showProblems({ finalGuests: err.message });
      }
      const before = saved ? 'Your answers are saved but were not sent. ' : '';
      setOutcome({ tone: 'error', text: before + errorMessage(err, QUESTIONNAIRE_FAILED) });
      return;
    } finally {
      setRunning(null);
    }
    setProblems({});
    setOutcome({ tone: 'success', text: toHouse ? QUESTIONNAIRE_SENT : QUESTIONNAIRE_SAVED });
  }

  return (
    <form
      noValidate
      aria-label="Pre-arrival questionnaire"
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <LeaveGuard
        dirty={dirty}
        title="Leave without saving?"
        message="Your answers to the questionnaire have changes that are not saved. If you leave, they are lost."
      />
      <Stack gap="lg">
        <QuestionnaireFields
          idPrefix={idPrefix}
          draft={draft}
          problems={problems}
          onChange={change}
          due={due}
          countClosed={countClosed}
        />
        {questionnaire.rooms.length > 0 ? (
          <RoomingBoard
            rooms={questionnaire.rooms}
            draft={draft}
            attendees={attendees}
            problems={problems}
            onChange={(next) => change({ rooming: next.rooming, extraNames: next.extraNames })}
          />
        ) : null}
        <FormAlert tone={outcome?.tone}>{outcome?.text}</FormAlert>
        <Group gap="sm">
          <Button type="submit" variant="default" disabled={busy}>
            {running === 'save' ? 'Saving...' : 'Save draft'}
          </Button>
          <Button type="button" disabled={busy} onClick={() => void submit(true)}>
            {running === 'send' ? 'Sending...' : 'Send to the house'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
