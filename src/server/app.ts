import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/open.js';
import type { Mailer } from './mail/mailer.js';
import { createMailer } from './mail/mailer.js';
import { loadFacilityContent, type FacilityContent } from './content.js';
import errorHandler from './plugins/error-handler.js';
import inFlight from './plugins/in-flight.js';
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
import { createPaymentsService } from './modules/payments/service.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { createSandboxProvider } from './payments/sandbox.js';
import { createStripeProvider } from './payments/stripe.js';
import type { PaymentProvider } from './payments/provider.js';
import { sandboxPages } from './payments/sandbox-pages.js';
import { getOrCreateSecret } from './secrets.js';
import { createProfileService } from './modules/profile/service.js';
import { profileRoutes } from './modules/profile/routes.js';
import { reservationsRoutes } from './modules/reservations/routes.js';
import { messages } from '../shared/messages.js';

export const defaultWebDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  facility?: FacilityContent;
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** JSON bodies are small; uploads have their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: (config.trustProxy ?? false) as boolean | string,
    bodyLimit: JSON_BODY_LIMIT,
    // Ids and tokens never need long URLs; refuse absurd ones early.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router's own refusals (an overlong or malformed path) answer like every other error.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply).status(400).send({ message: messages.invalidInput });
    },
  });
  // JSON in and out: a text/plain body is refused with 415 like any other non-JSON type.
  app.removeContentTypeParser('text/plain');
  // Every route as registered (hidden ones too), for tests that must cover them all.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      registeredRoutes.push({
        method,
        url: route.url,
        config: (route.config ?? {}) as Record<string, unknown>,
        schema: (route.schema ?? {}) as RegisteredRoute['schema'],
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const facility = deps.facility ?? loadFacilityContent();
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: app.log,
    });
  const secureCookies = config.httpsOnly;

  await app.register(inFlight);
  await app.register(errorHandler);
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
      info: { title: `${facility.name} API`, version: '1.0.0' },
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
  const sandbox = createSandboxProvider(secret('sandbox-webhook'));
  const provider: PaymentProvider =
    config.paymentProvider === 'stripe' && config.stripeSecretKey && config.stripeWebhookSecret
      ? createStripeProvider({
          secretKey: config.stripeSecretKey,
          webhookSecret: config.stripeWebhookSecret,
        })
      : sandbox;
  const documents = createDocumentsService({ db: database.db, signingKey: secret('download-url') });

  const services = {
    documents,
    payments: createPaymentsService({
      db: database.db,
      documents,
      mailer,
      provider,
      dailyRateCents: config.dailyRateCents,
      currency: config.currency,
      facilityName: facility.name,
      publicUrl: config.publicUrl,
    }),
    auth: createAuthService({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      facilityName: facility.name,
    }),
    users: createUsersService({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      facilityName: facility.name,
    }),
    accounts: createAccountsService({ db: database.db }),
    reservations: createReservationsService({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      facilityName: facility.name,
      facilityTimezone: config.facilityTimezone,
      bookingHorizonDays: config.bookingHorizonDays,
    }),
  };

  await app.register(authRoutes, services);
  await app.register(usersRoutes, services);
  await app.register(accountsRoutes, services);
  await app.register(reservationsRoutes, services);
  await app.register(profileRoutes, {
    profile: createProfileService({ db: database.db }),
    db: database.db,
  });
  await app.register(documentsRoutes, {
    documents,
    db: database.db,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  await app.register(paymentsRoutes, services);
  if (provider === sandbox) {
    await app.register(sandboxPages, {
      sandbox,
      dailyRateCents: config.dailyRateCents,
      currency: config.currency,
    });
  }
  await app.register(facilityRoutes, { facility, timeZone: config.facilityTimezone });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(staticSpa, { webDir: deps.webDir ?? defaultWebDir });
  app.decorate('mailer', mailer);
  return app;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
  schema: { body?: unknown; querystring?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    registeredRoutes: readonly RegisteredRoute[];
  }
}
