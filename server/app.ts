import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Registry } from '../engine/metadata/registry.js';
import type { AppConfig } from './config.js';
import { migrate, openDatabase, type Database } from './data/db.js';
import { loadRegistry } from './metadata/load-metadata.js';
import { formatProblem } from './commands/metadata-check.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerAuth } from './plugins/auth.js';
import { registerCaller } from './plugins/caller.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerRenderer } from './plugins/static.js';
import { accountRoutes } from './routes/accounts.js';
import { alertRoutes } from './routes/alerts.js';
import { organizationRoleRoutes } from './routes/organization-roles.js';
import { roleRequestRoutes } from './routes/role-requests.js';
import { accountRoleRoutes } from './routes/account-roles.js';
import { agencyRoutes } from './routes/agencies.js';
import { authRoutes } from './routes/auth.js';
import { formRoutes } from './routes/form.js';
import { gridRoutes } from './routes/grid.js';
import { healthRoutes } from './routes/health.js';
import { metadataRoutes } from './routes/metadata.js';
import { configurationRoutes } from './routes/configuration.js';
import { termsRoutes } from './routes/terms.js';
import { accountSecurityRoutes } from './routes/account-security.js';
import { sessionRoutes } from './routes/session.js';
import { registrationRoutes } from './routes/registration.js';
import { passwordRoutes } from './routes/passwords.js';
import { emailAddressRoutes } from './routes/email-addresses.js';
import { firstProfileRoutes } from './routes/first-profile.js';
import { verificationRoutes } from './routes/verification.js';
import { fileRoutes } from './routes/files.js';
import { userRecordsRoutes } from './routes/user-records.js';
import { reportingRoutes } from './routes/reporting.js';
import { staffRoutes } from './routes/staff.js';
import { trainingCatalogueRoutes } from './routes/training-catalogue.js';
import { trainingSearchRoutes } from './routes/training-search.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { workflowRoutes } from './routes/workflows.js';
import { trainerReportRoutes } from './routes/trainer-reports.js';
import { coachingRoutes } from './routes/coaching.js';
import { generatedResumeRoutes } from './routes/generated-resume.js';
import { careerLatticeRoutes } from './routes/career-lattice.js';
import { staffAssignmentRoutes } from './routes/staff-assignments.js';
import { notificationRoutes } from './routes/notifications.js';
import { registerNotifications } from './domain/notifications/register-notifications.js';
import { messageRoutes } from './routes/messages.js';
import { calendarEventRoutes } from './routes/calendar-events.js';
import { enrollmentRoutes } from './routes/enrollment.js';
import { registerMailer } from './mail/delivery.js';
import { createEventBus } from './events/event-bus.js';
import { createMemoryChannel, type LiveChannel } from './realtime/live-channel.js';
import { registerMessageHub } from './realtime/message-hub.js';
import { createPgChannel } from './realtime/pg-channel.js';
import { withoutAccessToken } from './realtime/hub-token.js';
import { registerJobs } from './jobs/register-jobs.js';
import type { AppContext } from './app-context.js';
import { registerRequestRegistry, registryOf } from './metadata/registry-holder.js';
import { reloadRegistry, startRegistry } from './domain/metadata-admin/metadata-layer.js';
import { previewRegistry, takesDrafts } from './domain/metadata-admin/metadata-access.js';
import { metadataAdminRoutes } from './routes/metadata-admin.js';
import { attendanceRoutes } from './routes/attendance.js';
import { certificateRoutes } from './routes/certificates.js';
import { referenceRoutes } from './routes/references.js';

export class MetadataInvalidError extends Error {
  constructor(readonly lines: string[]) {
    super(`The metadata is not valid; the server will not start:\n${lines.join('\n')}`);
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** an open database (tests share one); opened from the configuration when absent */
  db?: Database;
  registry?: Registry;
  logger?: boolean;
  /** where log lines go (default: standard output as JSON); main.ts passes a pretty stream on a terminal */
  logStream?: { write: (chunk: string) => void };
  /** close open keep-alive connections at once on close (tests: a browser page may still be polling) */
  forceCloseConnections?: boolean;
}

/** Loads and checks the tenant's metadata; throws with the metadata check's messages when invalid. */
export function registryFor(config: AppConfig): Registry {
  const { registry, problems } = loadRegistry(config.rootDir, config.tenant);
  if (!registry) throw new MetadataInvalidError(problems.map((p) => formatProblem(config.tenant, p)));
  return registry;
}

/** Builds the application (no listen): metadata, database with migrations run, plugins and routes. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const registry = opts.registry ?? registryFor(config);
  const db = opts.db ?? openDatabase(config.databaseUrl, config.dataDir);
  await migrate(db);
  const app = Fastify({
    logger: opts.logger ? {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // the hub's access token travels in the query string: never into the log
      serializers: { req: (req: FastifyRequest) => ({ method: req.method, url: withoutAccessToken(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }) },
    } : false,
    bodyLimit: 512 * 1024,
    forceCloseConnections: opts.forceCloseConnections ?? 'idle',
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
  });
  const events = createEventBus(db, app.log);
  // the real-time hub's channel: between instances through PostgreSQL's LISTEN/NOTIFY, in memory on SQLite (one process)
  let live: LiveChannel = createMemoryChannel();
  if (db.dialect === 'pg' && config.databaseUrl) {
    const pgChannel = createPgChannel(config.databaseUrl, app.log);
    await pgChannel.ready();
    live = pgChannel;
  }
  const registries = await startRegistry(db, config, registry, app.log);
  const ctx: AppContext = { db, config, events, live, registries, get registry() { return registryOf(registries); } };
  app.decorate('ctx', ctx);
  live.listen((signal) => {
    if ((signal.kind === 'metadata-published' && signal.tenant === config.tenant) || signal.kind === 'resync') {
      void reloadRegistry(ctx, app.log).catch((error: unknown) => app.log.error({ err: error }, 'reloading the metadata layer failed'));
    }
  });
  registerNotifications(app.ctx);
  app.addHook('preClose', async () => events.stop());
  app.addHook('onClose', async () => live.stop());
  registerErrorHandling(app);
  registerInputGuard(app);
  registerSecurityHeaders(app);
  registerMailer(app);
  registerJobs(app);
  await registerAuth(app, config.jwtSecret);
  registerRequestRegistry(app, registries, (request) => (takesDrafts(request) ? previewRegistry(request) : null));
  await registerRateLimits(app, config.rateLimit);
  await registerApiDocs(app);
  await app.register(async (api) => {
    registerCaller(api);
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(sessionRoutes);
    await api.register(accountSecurityRoutes);
    await api.register(accountRoutes);
    await api.register(gridRoutes);
    await api.register(formRoutes);
    await api.register(metadataRoutes);
    await api.register(alertRoutes);
    await api.register(organizationRoleRoutes);
    await api.register(roleRequestRoutes);
    await api.register(accountRoleRoutes);
    await api.register(agencyRoutes);
    await api.register(configurationRoutes);
    await api.register(termsRoutes);
    await api.register(registrationRoutes);
    await api.register(passwordRoutes);
    await api.register(emailAddressRoutes);
    await api.register(firstProfileRoutes);
    await api.register(verificationRoutes);
    await api.register(fileRoutes);
    await api.register(userRecordsRoutes);
    await api.register(reportingRoutes);
    await api.register(staffRoutes);
    await api.register(dashboardRoutes);
    await api.register(workflowRoutes);
    await api.register(trainerReportRoutes);
    await api.register(coachingRoutes);
    await api.register(generatedResumeRoutes);
    await api.register(careerLatticeRoutes);
    await api.register(staffAssignmentRoutes);
    await api.register(notificationRoutes);
    await api.register(messageRoutes);
    await api.register(enrollmentRoutes);
    await api.register(calendarEventRoutes);
    await api.register(trainingCatalogueRoutes);
    await api.register(trainingSearchRoutes);
    await api.register(metadataAdminRoutes, { prefix: '/admin/metadata' });
    await api.register(attendanceRoutes);
    await api.register(certificateRoutes);
    await api.register(referenceRoutes);
  }, { prefix: '/api' });
  await registerMessageHub(app);
  await registerRenderer(app, config.rootDir);
  if (!opts.db) app.addHook('onClose', async () => db.knex.destroy());
  return app;
}
