import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/open.js';
import type { Mailer } from './mail/mailer.js';
import { createMailer } from './mail/mailer.js';
import { loadFacilityContent, type FacilityContent } from './content.js';
import errorHandler from './plugins/error-handler.js';
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

export const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const facility = deps.facility ?? loadFacilityContent();
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger: app.log });
  const secureCookies = config.isProduction;

  await app.register(errorHandler);
  await app.register(cookie);
  await app.register(securityHeaders, {
    isProduction: config.isProduction,
    frameSources: ['https://www.openstreetmap.org', ...(config.paymentProvider === 'stripe' ? ['https://js.stripe.com', 'https://checkout.stripe.com'] : [])],
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
  await app.register(rateLimits, { perMinute: config.authRateLimitPerMinute, redisUrl: config.redisUrl });

  const services = {
    auth: createAuthService({ db: database.db, mailer, publicUrl: config.publicUrl, facilityName: facility.name }),
    users: createUsersService({ db: database.db, mailer, publicUrl: config.publicUrl, facilityName: facility.name }),
    accounts: createAccountsService({ db: database.db }),
  };

  await app.register(authRoutes, services);
  await app.register(usersRoutes, services);
  await app.register(accountsRoutes, services);
  await app.register(facilityRoutes, { facility });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(staticSpa, { webDir: deps.webDir ?? defaultWebDir });
  app.decorate('mailer', mailer);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
