import { eq } from 'drizzle-orm';
import { finalCountDueDate } from '../../../shared/group-pricing.js';
import { answersStateOf, questionnaireIssues } from '../../../shared/questionnaire-rules.js';
import { isAdmin } from '../../../shared/roles.js';
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
type StayRow = typeof reservations.$inferSelect;

export interface QuestionnaireDeps {
  db: Db;
  finalCount: ReturnType<typeof createFinalCount>;
  /** The bedrooms as they are now (docs/site-content.md). */
  rooms: () => readonly Room[];
  facilityTimezone: string;
  now: () => Date;
}

const notApproved = () =>
  conflict('The questionnaire opens once the stay is approved.', 'not_approved');

/** The leader's count as saved (a draft), else the one the house holds. */
const answeredCount = (r: StayRow, saved: Saved | undefined) =>
  saved ? (saved.finalGuests ?? null) : r.finalGuests;

/**
 * The pre-arrival questionnaire (docs/stays.md, "The questionnaire"): the
 * final count, diets, rooming (names placed and not yet placed), arrival time
 * and set-up. Saving keeps a draft that binds nothing; sending it gives the
 * house its final count, which prices the stay
 * (src/server/modules/stays/final-count.ts). An administrator's save gives
 * the count at once.
 */
export function createQuestionnaire(deps: QuestionnaireDeps) {
  const { db } = deps;
  const roomsNow = () => deps.rooms().map((r) => ({ id: r.id, name: r.name, beds: r.beds }));

  const present = (r: StayRow, saved: Saved | undefined): Questionnaire => ({
    finalGuests: answeredCount(r, saved),
    diets: Object.fromEntries(
      DIETS.map((d) => [d, saved?.diets[d] ?? 0]),
    ) as Questionnaire['diets'],
    dietNotes: saved?.dietNotes ?? '',
    rooming: saved?.rooming ?? [],
    unplaced: saved?.unplaced ?? [],
    arrivalTime: saved?.arrivalTime ?? null,
    setup: saved?.setup ?? '',
    submittedAt: saved?.submittedAt?.toISOString() ?? null,
    sentFinalGuests: r.finalGuests,
    unsent: answersStateOf(saved) === 'draft',
    finalCountDueDate: finalCountDueDate(r.priceTerms, r.firstDay),
    rooms: roomsNow(),
  });

  async function savedOf(tx: Db, id: number) {
    const [saved] = await tx
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.reservationId, id));
    return saved;
  }

  async function read(id: number, viewer: Viewer) {
    const [r] = await db.select().from(reservations).where(eq(reservations.id, id));
    if (!r || !mayOpenStay(r, viewer)) throw notFound('Reservation not found.');
    return present(r, await savedOf(db, id));
  }

  return {
    get: read,

    /**
     * Replaces the saved answers with the body. A member's save is a draft:
     * it changes no price, invoice or mail (after the due day it may not
     * change the count). An administrator's save gives the final count at once.
     */
    async put(id: number, viewer: Viewer, body: QuestionnaireBody) {
      const issues = questionnaireIssues(body, deps.rooms());
      if (issues.length > 0) throw validationFailed(issues);
      const finalGuests = body.finalGuests ?? null;
      const answers = {
        finalGuests,
        diets: Object.fromEntries(DIETS.map((d) => [d, body.diets?.[d] ?? 0])),
        dietNotes: body.dietNotes?.trim() ?? '',
        rooming: (body.rooming ?? [])
          .map((e) => ({ roomId: e.roomId, names: e.names.map((n) => n.trim()) }))
          .filter((e) => e.names.length > 0),
        unplaced: (body.unplaced ?? []).map((n) => n.trim()),
        arrivalTime: body.arrivalTime ?? null,
        setup: body.setup?.trim() ?? '',
        updatedAt: deps.now(),
      };
      const saveAnswers = async (tx: Db) => {
        await tx
          .insert(questionnaires)
          .values({ reservationId: id, ...answers })
          .onConflictDoUpdate({ target: questionnaires.reservationId, set: answers });
      };
      if (isAdmin(viewer)) {
        await deps.finalCount.put(id, viewer, finalGuests, saveAnswers);
      } else {
        await inTransaction(db, async (tx) => {
          const row = await lockReservation(tx, id);
          if (!row || !mayOpenStay(row.r, viewer)) throw notFound('Reservation not found.');
          if (row.r.status !== 'approved') throw notApproved();
          if (finalGuests !== answeredCount(row.r, await savedOf(tx, id))) {
            deps.finalCount.refuseWhenClosed(row.r, viewer);
            deps.finalCount.check(row.r, finalGuests);
          }
          await saveAnswers(tx);
        });
      }
      return read(id, viewer);
    },

    /**
     * Sends the questionnaire to the house: its final count (400 without one)
     * becomes the stay's and prices it. A member may send it again until the
     * count's due day (then 409 `final_count_closed`).
     */
    async submit(id: number, viewer: Viewer) {
      let count: number | null = null;
      // The count as saved, read under the stay's lock: a save at the same moment comes before or after.
      const countAsSaved = async (tx: Db, locked: StayRow) => {
        count = answeredCount(locked, await savedOf(tx, id));
        if (count === null) {
          throw validationFailed([
            {
              path: 'body.finalGuests',
              message: 'Give the final number of guests before sending the questionnaire.',
            },
          ]);
        }
        deps.finalCount.refuseWhenClosed(locked, viewer);
        return count;
      };
      await deps.finalCount.put(id, viewer, countAsSaved, async (tx, locked) => {
        const now = deps.now();
        await tx
          .insert(questionnaires)
          .values({
            reservationId: id,
            finalGuests: count,
            diets: {},
            rooming: [],
            submittedAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: questionnaires.reservationId,
            set: { submittedAt: now, updatedAt: now },
          });
        await recordAccountEvent(tx, {
          accountId: locked.accountId,
          userId: viewer.id,
          kind: 'questionnaire_submitted',
          summary: `Questionnaire sent for "${locked.eventName}": ${count} guests.`,
          reservationId: id,
        });
      });
      return read(id, viewer);
    },
  };
}
