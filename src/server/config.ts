import { z } from 'zod';
import path from 'node:path';
import { currencyProblem } from '../shared/currencies.js';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const int = (def: number, min = 0) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).default(def));

/**
 * How long one attempt to send a mail may last, all of it (docs/mail.md): its lease less
 * a quarter, at least a second less, so the send has ended (sent, or cut short and counted
 * as failed) before another instance may take the mail over.
 */
export const mailSendDeadlineMs = (leaseMs: number) =>
  leaseMs - Math.max(1_000, Math.ceil(leaseMs / 4));
/** The shortest send's deadline a lease must leave. */
const MIN_SEND_DEADLINE_MS = 1_000;

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('development'),
    ),
    PORT: int(3000, 0).pipe(z.number().max(65535)),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().default('Retreat House <no-reply@localhost>'),
    ),
    ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string().min(1).default('admin')),
    ADMIN_EMAIL: z.preprocess(
      emptyToUndefined,
      z.email('ADMIN_EMAIL must be an email address').optional(),
    ),
    SCHEDULER_INTERVAL_SECONDS: int(300, 1),
    MAIL_LEASE_SECONDS: int(120, 1),
    REFUND_LEASE_SECONDS: int(120, 1),
    PENDING_REMINDER_HOURS: int(48, 0),
    PAYMENT_REMINDER_DAYS: int(14, 0),
    STAY_REMINDER_DAYS: int(7, 0),
    CHECKLIST_REMINDER_DAYS: int(7, 0),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
    ),
    PAYMENT_PROVIDER: z.preprocess(
      emptyToUndefined,
      z.enum(['sandbox', 'stripe']).default('sandbox'),
    ),
    ALLOW_SANDBOX_PAYMENTS: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false']).default('false'),
    ),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    DAILY_RATE_CENTS: int(15000, 0),
    CURRENCY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z]{3}$/, 'CURRENCY must be a 3-letter ISO code')
        .default('USD')
        // The shown price and the charged amount must agree (docs/money.md).
        .superRefine((code, ctx) => {
          const problem = /^[A-Za-z]{3}$/.test(code) ? currencyProblem(code) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: `CURRENCY: ${problem}` });
        }),
    ),
    FACILITY_TIMEZONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('America/Chicago')
        .refine((tz) => {
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: tz });
            return true;
          } catch {
            return false;
          }
        }, 'FACILITY_TIMEZONE must be an IANA time zone such as America/Chicago'),
    ),
    AUTH_RATE_LIMIT_PER_MINUTE: int(10, 1),
    UPLOAD_MAX_BYTES: int(10 * 1024 * 1024, 1),
    IMAGE_MAX_BYTES: int(10 * 1024 * 1024, 1),
    BOOKING_HORIZON_DAYS: int(1830, 1),
    // Days kept free after each stay for another church (cleaning); docs/calendar.md.
    TURNOVER_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(0, 'TURNOVER_DAYS must be 0 or more')
        .max(30, 'TURNOVER_DAYS must be at most 30')
        .default(0),
    ),
    REDIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    ),
  })
  .superRefine((e, ctx) => {
    if (mailSendDeadlineMs(e.MAIL_LEASE_SECONDS * 1000) < MIN_SEND_DEADLINE_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_LEASE_SECONDS'],
        message:
          'MAIL_LEASE_SECONDS must be at least 2: a mail is sent within its lease less a second (or a quarter), and at least a second is needed to send one',
      });
    // The sandbox marks reservations paid with a test card: never by accident on a live site.
    if (
      e.PAYMENT_PROVIDER === 'sandbox' &&
      e.NODE_ENV === 'production' &&
      e.ALLOW_SANDBOX_PAYMENTS !== 'true'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the sandbox provider accepts test cards and is refused with NODE_ENV=production; set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true for a demonstration site',
      });
    }
    if (e.PAYMENT_PROVIDER !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!e[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required with PAYMENT_PROVIDER=stripe`,
        });
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * The settings the server runs with: the environment, checked by `envSchema`
 * and turned into named values here, in the one place they are derived.
 */
const configSchema = envSchema.transform((e) => {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    /** Secure cookies and HSTS: in production when the public address is https. */
    httpsOnly: e.NODE_ENV === 'production' && publicUrl.startsWith('https://'),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminUsername: e.ADMIN_USERNAME,
    /** The first administrator's address, where the house's mails go. */
    adminEmail: e.ADMIN_EMAIL,
    schedulerIntervalSeconds: e.SCHEDULER_INTERVAL_SECONDS,
    /** How long a mail being sent stays with its worker before another may send it (a killed process's). */
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    /** How long one attempt to send a mail may last, all of it: strictly shorter than its lease. */
    mailSendDeadlineMs: mailSendDeadlineMs(e.MAIL_LEASE_SECONDS * 1000),
    /** How long a refund being asked of the provider stays with its worker (a killed process's). */
    refundLeaseSeconds: e.REFUND_LEASE_SECONDS,
    pendingReminderHours: e.PENDING_REMINDER_HOURS,
    paymentReminderDays: e.PAYMENT_REMINDER_DAYS,
    stayReminderDays: e.STAY_REMINDER_DAYS,
    /** An open checklist item is reminded from this many days before its due day (docs/stays.md). */
    checklistReminderDays: e.CHECKLIST_REMINDER_DAYS,
    adminPassword: e.ADMIN_PASSWORD,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    /** Another address of Stripe's API (a local stripe-mock, a test's fake); unset: Stripe's own. */
    stripeApiUrl: e.STRIPE_API_URL,
    dailyRateCents: e.DAILY_RATE_CENTS,
    currency: e.CURRENCY.toUpperCase(),
    facilityTimezone: e.FACILITY_TIMEZONE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
    turnoverDays: e.TURNOVER_DAYS,
    redisUrl: e.REDIS_URL,
    /** Fastify's trustProxy: true, a hop count, or a list of addresses. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
});

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; fails with the list of everything that is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
