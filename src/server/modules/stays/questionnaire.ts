import { eq } from 'drizzle-orm';
import { finalCountDueDate } from '../../../shared/group-pricing.js';
import { questionnaireIssues } from '../../../shared/questionnaire-rules.js';
import {
  DIETS,
  type Questionnaire,
  type QuestionnaireBody,
  type Room,
} from '../../../shared/schemas/questionnaire.js';
import type { Db } from '../../db/open.js';
import { questionnaires, reservations } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { recordAccountEvent } from '../history/service.js';
import { lockReservation } from '../payments/charges.js';
import { mayOpenStay, type StayViewer } from '../reservations/ownership.js';
import type { createFinalCount } from './final-count.js';

type Viewer = StayViewer;
type Saved = typeof questionnaires.$inferSelect;

export interface QuestionnaireDeps {
  db: Db;
  finalCount: ReturnType<typeof createFinalCount>;
  /** The bedrooms as they are now (docs/site-content.md). */
  rooms: () => readonly Room[];
  now: () => Date;
}

const notApproved = () =>
  conflict('The questionnaire opens once the stay is approved.', 'not_approved');

/**
 * The pre-arrival questionnaire (docs/stays.md): the final count (which prices
 * the stay, src/server/modules/stays/final-count.ts), diets, rooming, arrival
 * time and set-up, saved as a draft and then sent.
 */
export function createQuestionnaire(deps: QuestionnaireDeps) {
  const { db } = deps;
  const roomsNow = () => deps.rooms().map((r) => ({ id: r.id, name: r.name, beds: r.beds }));

  const present = (
    r: {
      finalGuests: number | null;
      firstDay: string;
      priceTerms: Parameters<typeof finalCountDueDate>[0];
    },
    saved: Saved | undefined,
  ): Questionnaire => ({
    finalGuests: r.finalGuests,
    diets: Object.fromEntries(
      DIETS.map((d) => [d, saved?.diets[d] ?? 0]),
    ) as Questionnaire['diets'],
    dietNotes: saved?.dietNotes ?? '',
    rooming: saved?.rooming ?? [],
    arrivalTime: saved?.arrivalTime ?? null,
    setup: saved?.setup ?? '',
    submittedAt: saved?.submittedAt?.toISOString() ?? null,
    finalCountDueDate: finalCountDueDate(r.priceTerms, r.firstDay),
    rooms: roomsNow(),
  });

  async function read(id: number, viewer: Viewer) {
    const [r] = await db.select().from(reservations).where(eq(reservations.id, id));
    if (!r || !mayOpenStay(r, viewer)) throw notFound('Reservation not found.');
    const [saved] = await db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.reservationId, id));
    return present(r, saved);
  }

  return {
    get: read,

    /** Replaces the saved answers with the body; the final count goes through its own rules. */
    async put(id: number, viewer: Viewer, body: QuestionnaireBody) {
      const issues = questionnaireIssues(body, deps.rooms());
      if (issues.length > 0) throw validationFailed(issues);
      const answers = {
        diets: Object.fromEntries(DIETS.map((d) => [d, body.diets?.[d] ?? 0])),
        dietNotes: body.dietNotes?.trim() ?? '',
        rooming: (body.rooming ?? [])
          .map((e) => ({ roomId: e.roomId, names: e.names.map((n) => n.trim()) }))
          .filter((e) => e.names.length > 0),
        arrivalTime: body.arrivalTime ?? null,
        setup: body.setup?.trim() ?? '',
        updatedAt: deps.now(),
      };
      await deps.finalCount.put(id, viewer, body.finalGuests ?? null, async (tx) => {
        await tx
          .insert(questionnaires)
          .values({ reservationId: id, ...answers })
          .onConflictDoUpdate({ target: questionnaires.reservationId, set: answers });
      });
      return read(id, viewer);
    },

    /** Sends the questionnaire to the house: it needs the final count (400 without). */
    async submit(id: number, viewer: Viewer) {
      await inTransaction(db, async (tx) => {
        const row = await lockReservation(tx, id);
        if (!row || !mayOpenStay(row.r, viewer)) throw notFound('Reservation not found.');
        if (row.r.status !== 'approved') throw notApproved();
        if (row.r.finalGuests === null) {
          throw validationFailed([
            {
              path: 'body.finalGuests',
              message: 'Give the final number of guests before sending the questionnaire.',
            },
          ]);
        }
        const now = deps.now();
        await tx
          .insert(questionnaires)
          .values({ reservationId: id, diets: {}, rooming: [], submittedAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: questionnaires.reservationId,
            set: { submittedAt: now, updatedAt: now },
          });
        await recordAccountEvent(tx, {
          accountId: row.account?.id ?? null,
          userId: viewer.id,
          kind: 'questionnaire_submitted',
          summary: `Questionnaire sent for "${row.r.eventName}": ${row.r.finalGuests} guests.`,
          reservationId: id,
        });
      });
      return read(id, viewer);
    },
  };
}
