/** How severe a log line is, as read from its text (most severe first). */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug' | 'trace';
