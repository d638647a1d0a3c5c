import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.env).toBe('development');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.adminUsername).toBe('admin');
    expect(c.adminPassword).toBeUndefined();
    expect(c.paymentProvider).toBe('sandbox');
    expect(c.currency).toBe('USD');
    expect(c.facilityTimezone).toBe('America/Chicago');
    expect(c.authRateLimitPerMinute).toBe(10);
    expect(c.uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(c.imageMaxBytes).toBe(10 * 1024 * 1024);
    expect(c.bookingHorizonDays).toBe(1830);
    expect(c.turnoverDays).toBe(0);
    expect(c.redisUrl).toBeUndefined();
    expect(c.trustProxy).toBeUndefined();
    expect(c.logLevel).toBe('info');
    expect(c).toMatchObject({
      adminEmail: undefined,
      schedulerIntervalSeconds: 300,
      pendingReminderHours: 48,
      paymentReminderDays: 14,
      stayReminderDays: 7,
      mailLeaseSeconds: 120,
      mailSendDeadlineMs: 90_000,
      stripeApiUrl: undefined,
    });
  });

  it('reads the mail and reminder settings; 0 hours and 1-second intervals are valid', () => {
    const c = loadConfig({
      ADMIN_EMAIL: 'warden@house.example.org',
      SCHEDULER_INTERVAL_SECONDS: '1',
      PENDING_REMINDER_HOURS: '0',
      PAYMENT_REMINDER_DAYS: '10',
      STAY_REMINDER_DAYS: '3',
      MAIL_LEASE_SECONDS: '5',
    });
    expect(c).toMatchObject({
      adminEmail: 'warden@house.example.org',
      schedulerIntervalSeconds: 1,
      pendingReminderHours: 0,
      paymentReminderDays: 10,
      stayReminderDays: 3,
      mailLeaseSeconds: 5,
      mailSendDeadlineMs: 3_750,
    });
    // A send must end before its lease, with a second to spare and a second to send in.
    expect(loadConfig({ MAIL_LEASE_SECONDS: '2' }).mailSendDeadlineMs).toBe(1_000);
    expect(() => loadConfig({ MAIL_LEASE_SECONDS: '1' })).toThrow(
      /MAIL_LEASE_SECONDS must be at least 2/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'not an address' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ SCHEDULER_INTERVAL_SECONDS: '0' })).toThrow(
      /SCHEDULER_INTERVAL_SECONDS/,
    );
  });

  it('treats empty strings as unset', () => {
    const c = loadConfig({
      PORT: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      ADMIN_PASSWORD: '',
      NODE_ENV: '',
    });
    expect(c.port).toBe(3000);
    expect(c.authRateLimitPerMinute).toBe(10);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    expect(c.env).toBe('development');
  });

  it('is silent in tests unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
});

describe('loadConfig values', () => {
  it('reads every variable it is given', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/retreat',
      DATABASE_URL: 'postgres://u:p@db:5432/retreat',
      PUBLIC_URL: 'https://retreat.example.org//',
      SMTP_URL: 'smtp://mail.example.org:587',
      MAIL_FROM: 'Retreat <r@example.org>',
      ADMIN_USERNAME: 'warden',
      ADMIN_PASSWORD: 'long-enough',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      DAILY_RATE_CENTS: '20000',
      CURRENCY: 'eur',
      FACILITY_TIMEZONE: 'Europe/Berlin',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      UPLOAD_MAX_BYTES: '1048576',
      IMAGE_MAX_BYTES: '2097152',
      BOOKING_HORIZON_DAYS: '365',
      TURNOVER_DAYS: '2',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '1',
    });
    expect(c).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/retreat',
      databaseUrl: 'postgres://u:p@db:5432/retreat',
      publicUrl: 'https://retreat.example.org',
      smtpUrl: 'smtp://mail.example.org:587',
      mailFrom: 'Retreat <r@example.org>',
      adminUsername: 'warden',
      adminPassword: 'long-enough',
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
      dailyRateCents: 20000,
      currency: 'EUR',
      facilityTimezone: 'Europe/Berlin',
      authRateLimitPerMinute: 5,
      uploadMaxBytes: 1048576,
      imageMaxBytes: 2097152,
      bookingHorizonDays: 365,
      turnoverDays: 2,
      redisUrl: 'redis://cache:6379',
      trustProxy: 1,
      logLevel: 'info',
    });
  });

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('reads TRUST_PROXY as a boolean, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });
});

describe('invalid configuration', () => {
  const BAD = {
    NODE_ENV: 'staging',
    PORT: 'eighty',
    DATABASE_URL: 'not a url',
    PUBLIC_URL: 'also not a url',
    ADMIN_PASSWORD: '123',
    PAYMENT_PROVIDER: 'paypal',
    DAILY_RATE_CENTS: '-5',
    CURRENCY: 'EURO',
    FACILITY_TIMEZONE: 'Mars/Olympus_Mons',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    UPLOAD_MAX_BYTES: '1.5',
    BOOKING_HORIZON_DAYS: 'forever',
    REDIS_URL: 'nope',
    LOG_LEVEL: 'loud',
  };

  it('fails with one ConfigError that names every wrong variable', () => {
    let error: unknown;
    try {
      loadConfig(BAD);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of Object.keys(BAD)) expect(message, name).toContain(name);
    // One line per problem, and the values that are fine are not mentioned.
    expect(message.split('\n').filter((l) => l.trim().startsWith('-'))).toHaveLength(
      Object.keys(BAD).length,
    );
    expect(message).not.toContain('HOST');
    expect(message).not.toContain('MAIL_FROM');
  });

  it('explains the rules it can explain', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: '12345' })).toThrow(
      /ADMIN_PASSWORD must be at least 6 characters/,
    );
    expect(() => loadConfig({ CURRENCY: 'EURO' })).toThrow(/3-letter ISO code/);
    // A price shown in hundredths would not be the amount charged.
    expect(() => loadConfig({ CURRENCY: 'JPY' })).toThrow(/CURRENCY: JPY is not supported/);
    expect(() => loadConfig({ CURRENCY: 'kwd' })).toThrow(/three decimal places/);
    expect(() => loadConfig({ FACILITY_TIMEZONE: 'Nowhere/Land' })).toThrow(/IANA time zone/);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '3000.5'],
    ['AUTH_RATE_LIMIT_PER_MINUTE', '-3'],
    ['UPLOAD_MAX_BYTES', '0'],
    ['BOOKING_HORIZON_DAYS', '0'],
    ['TURNOVER_DAYS', '-1'],
    ['TURNOVER_DAYS', '31'],
    ['DAILY_RATE_CENTS', 'abc'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('the sandbox provider in production', () => {
  it('is refused unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PAYMENT_PROVIDER: .*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' }).paymentProvider,
    ).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'development' }).paymentProvider).toBe('sandbox');
  });
});
