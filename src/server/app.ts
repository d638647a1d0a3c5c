import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { createCompiledSerializerCompiler } from './compiled-serializer.js';
import type { AppDeps } from './app-deps.js';
import { createMailTransport } from './mail/mailer.js';
import { createMailWorker, createOutbox, type MailWorker, type Outbox } from './mail/outbox.js';
import { createScheduler, type Scheduler } from './reminders/scheduler.js';
import { contentFor } from './content-source.js';
import { siteContentRoutes } from './modules/site-content/routes.js';
import { lazyRequestLogger, loggerOptions } from './logger.js';
import { recordRoutes } from './route-registry.js';
import wellFormedText from './plugins/well-formed-text.js';
import errorHandler from './plugins/error-handler.js';
import inFlight from './plugins/in-flight.js';
import etags from './plugins/etag.js';
import securityHeaders from './plugins/security-headers.js';
import csrf from './plugins/csrf.js';
import sessions from './plugins/sessions.js';
import rateLimits from './plugins/rate-limits.js';
import staticSpa from './plugins/static-spa.js';
import { createAuthService } from './modules/auth/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { createUsersService } from './modules/users/service.js';
import { usersRoutes } from './modules/users/routes.js';
import { createAccountsService } from './modules/accounts/service.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { facilityRoutes } from './modules/facility/routes.js';
import { createReservationsService } from './modules/reservations/service.js';
import { createDocumentsService } from './modules/documents/service.js';
import { documentsRoutes } from './modules/documents/routes.js';
import { createContentImagesService } from './modules/content-images/service.js';
import { contentImagesRoutes } from './modules/content-images/routes.js';
import { staysRoutes } from './modules/stays/routes.js';
import { createStays, type Stays } from './modules/stays/create-stays.js';
import { attendeeRoutes } from './modules/stays/attendee-routes.js';
import { operationsRoutes } from './modules/operations/routes.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import type { RefundWorker } from './modules/payments/refund-worker.js';
import { createMoney } from './modules/payments/money.js';
import { sandboxPages } from './payment-providers/sandbox-pages.js';
import { getOrCreateSecret } from './secrets.js';
import { createProfileService } from './modules/profile/service.js';
import { profileRoutes } from './modules/profile/routes.js';
import { reservationsRoutes } from './modules/reservations/routes.js';
import { createMailService } from './modules/mail/service.js';
import { mailRoutes } from './modules/mail/routes.js';
import { createCalendarFeedService } from './modules/calendar-feed/service.js';
import { calendarFeedRoutes } from './modules/calendar-feed/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { createClosuresService } from './modules/closures/service.js';
import { closuresRoutes } from './modules/closures/routes.js';
import { messages } from '../shared/messages.js';
import { createPriceFiller, type PriceFiller } from './modules/reservations/fill-prices.js';
import { reservationPresenters } from './modules/reservations/presenter.js';

export type { AppDeps } from './app-deps.js';

export const defaultWebDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);

/** JSON bodies are small; uploads have their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    childLoggerFactory: lazyRequestLogger,
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: (config.trustProxy ?? false) as boolean | string,
    bodyLimit: JSON_BODY_LIMIT,
    // Ids and tokens never need long URLs; refuse absurd ones early.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router's own refusals (an overlong or malformed path) answer like every other error.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .send({ message: messages.invalidInput, code: 'bad_request' });
    },
  });
  // JSON in and out: a text/plain body is refused with 415 like any other non-JSON type.
  app.removeContentTypeParser('text/plain');
  // Every route as registered (hidden ones too), for tests that must cover them all.
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  // Compiled per route; the tests also check every answer against its zod schema.
  app.setSerializerCompiler(createCompiledSerializerCompiler({ check: config.env === 'test' }));

  // Asked at each use, never kept: the staff edit it while the server runs (docs/site-content.md).
  const { content, store } = await contentFor(deps, app.log);
  app.addHook('onClose', () => store?.stop());
  const transport =
    deps.mailer ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: app.log,
      houseName: content.houseName,
      // A silent SMTP server is given up on within a third of the send's deadline; a slow one
      // at the deadline (the worker's signal), before another instance may take the mail over.
      timeoutMs: config.mailSendDeadlineMs,
      logLinks: config.env !== 'production',
    });
  const outbox = createOutbox({ messageDomain: new URL(config.publicUrl).hostname || 'localhost' });
  const mailWorker = createMailWorker({
    db: database.db,
    transport,
    logger: app.log,
    pollMs: deps.mailPollMs ?? 2_000,
    retryBaseMs: deps.mailRetryBaseMs ?? 30_000,
    maxAttempts: 8,
    leaseMs: config.mailLeaseSeconds * 1000,
    sendDeadlineMs: config.mailSendDeadlineMs,
  });
  outbox.onWake(() => mailWorker.wake());
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    transport.close?.();
  });
  if (deps.deliverMailBeforeAnswering)
    app.addHook('onSend', async () => void (await mailWorker.drain()));
  const secureCookies = config.httpsOnly;

  await app.register(inFlight);
  await app.register(etags);
  await app.register(errorHandler);
  await app.register(wellFormedText);
  await app.register(cookie);
  await app.register(securityHeaders, {
    httpsOnly: config.httpsOnly,
    frameSources: [
      'https://www.openstreetmap.org',
      ...(config.paymentProvider === 'stripe'
        ? ['https://js.stripe.com', 'https://checkout.stripe.com']
        : []),
    ],
  });
  await app.register(swagger, {
    openapi: {
      // The name at start: the API's description is built once, for developers.
      info: { title: `${content.houseName()} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(csrf, { secureCookies });
  await app.register(sessions, { db: database.db, secureCookies });
  await app.register(rateLimits, {
    perMinute: config.authRateLimitPerMinute,
    redisUrl: config.redisUrl,
  });

  const secret = (name: string) => {
    let value: Promise<string> | undefined;
    return () => (value ??= getOrCreateSecret(database.db, name));
  };
  const now = deps.now ?? (() => new Date());
  const { pricing, agreement, rooms } = content;
  const documents = createDocumentsService({ db: database.db, signingKey: secret('download-url') });
  const site = { publicUrl: config.publicUrl, houseName: content.houseName };
  const { sandbox, provider, refundWorker, payments } = createMoney({
    config,
    db: database.db,
    documents,
    outbox,
    pricing,
    agreement,
    now,
    site,
    logger: app.log,
    secret,
    refundPollMs: deps.refundPollMs,
    refundRetryBaseMs: deps.refundRetryBaseMs,
  });
  app.addHook('onClose', () => refundWorker.stop());

  const services = {
    documents,
    payments,
    auth: createAuthService({ db: database.db, outbox, ...site }),
    users: createUsersService({ db: database.db, outbox, ...site }),
    reservations: createReservationsService({
      db: database.db,
      outbox,
      payments,
      pricing,
      facilityTimezone: config.facilityTimezone,
      bookingHorizonDays: config.bookingHorizonDays,
      turnoverDays: config.turnoverDays,
      now,
      ...site,
    }),
  };
  const profile = createProfileService({ db: database.db });
  // A church's page (admin) shows what the other modules list, through their services.
  const present = reservationPresenters(pricing);
  const accounts = createAccountsService({ db: database.db, profile, present, ...services });
  // Reservations of an older release have no price yet: priced after listen (main.ts).
  app.decorate('prices', createPriceFiller({ db: database.db, pricing, logger: app.log }));
  app.addHook('preClose', () => app.prices.stop());

  await app.register(authRoutes, services);
  await app.register(usersRoutes, services);
  await app.register(accountsRoutes, { accounts });
  await app.register(reservationsRoutes, { ...services, present });
  await app.register(profileRoutes, { profile, db: database.db });
  const stay = {
    db: database.db,
    documents,
    pricing,
    now,
    facilityTimezone: config.facilityTimezone,
  };
  await app.register(closuresRoutes, { closures: createClosuresService(stay) });
  await app.register(documentsRoutes, { documents, uploadMaxBytes: config.uploadMaxBytes });
  const images = createContentImagesService({ db: database.db });
  await app.register(contentImagesRoutes, { images, imageMaxBytes: config.imageMaxBytes });
  const stays = createStays({ ...stay, outbox, payments, agreement, rooms, ...site });
  await app.register(staysRoutes, stays);
  await app.register(attendeeRoutes, stays);
  await app.register(operationsRoutes, { ...stay, ...site, rooms, checklists: stays.checklists });
  await app.register(paymentsRoutes, services);
  await app.register(mailRoutes, {
    mail: createMailService({ db: database.db, outbox, site, wake: () => mailWorker.wake() }),
  });
  await app.register(calendarFeedRoutes, {
    calendarFeed: createCalendarFeedService({
      db: database.db,
      publicUrl: config.publicUrl,
      facilityTimezone: config.facilityTimezone,
      now,
    }),
    site,
    now,
  });
  if (provider === sandbox) await app.register(sandboxPages, { sandbox, payments });
  await app.register(facilityRoutes, {
    facility: () => content.site().facility,
    timeZone: config.facilityTimezone,
    pricing,
    turnoverDays: config.turnoverDays,
    agreement,
  });
  await app.register(healthRoutes, { db: database.db });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (store) await app.register(siteContentRoutes, { db: database.db, store });
  await app.register(staticSpa, { webDir: deps.webDir ?? defaultWebDir, content });
  const scheduler = createScheduler({
    db: database.db,
    outbox,
    logger: app.log,
    now,
    intervalSeconds: config.schedulerIntervalSeconds,
    pendingReminderHours: config.pendingReminderHours,
    paymentReminderDays: config.paymentReminderDays,
    stayReminderDays: config.stayReminderDays,
    checklistReminderDays: config.checklistReminderDays,
    checklists: stays.checklists,
    timeZone: config.facilityTimezone,
    site,
    arrival: content.arrival,
  });
  app.addHook('onClose', () => scheduler.stop());
  app.decorate('mail', { outbox, worker: mailWorker, scheduler });
  app.decorate('refunds', refundWorker);
  app.decorate('stays', stays);
  app.decorate('content', content);
  app.decorate('contentStore', store);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: { outbox: Outbox; worker: MailWorker; scheduler: Scheduler };
    /** Makes the refunds the money code records (docs/money.md, "Refunds"). */
    refunds: RefundWorker;
    prices: PriceFiller;
    /** A group's stay: questionnaire, checklist, attendees (docs/stays.md). */
    stays: Stays;
  }
}
