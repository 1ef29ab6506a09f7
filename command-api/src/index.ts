export { buildApp, DEFAULT_WEB_DIST, type BuildAppOptions } from './app';
export { loadConfig, ConfigError, redactUrl, CONFIG_DEFAULTS, LOG_LEVELS, type Config, type LogLevel } from './config';
export { createPgSessionStore, type SessionStore } from './auth/sessions';
export { hashPassword, verifyPassword } from './auth/password';
export type { AppDeps, CommandContext } from './commands/context';
export { seedDemo, DEMO_ACCOUNT, ADMIN_ACCOUNT, DEMO_VESSEL_COUNT } from './seed/demo';
export { userIdForEmail, uuidV5 } from './ids';
export { isWebAppBuilt, WEB_NOT_BUILT } from './routes/web';
export { productSecret, SUPPLIER_LINK_SECRET_NAME } from './secrets';
