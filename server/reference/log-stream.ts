import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { HttpError } from '../shared/http.ts';
import { rfc3339Nano } from './clock.ts';
import { confineExisting, confineOpened, mapIntoRoot } from './paths.ts';
import { SUPERVISOR_LOG_DIR, type Session } from './session.ts';
import { startSse } from './sse.ts';
import { LogTail } from './log-tail.ts';

const SSE_HEADERS = { 'X-SSE-Content-Type': 'application/json' };
const PROGRAM_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

interface LogTarget {
  /** The path as the client sees it (inside the session). */
  virtualPath: string;
  /** The host path inside the session root. */
  file: string;
  follow: boolean;
  supervisor: boolean;
}

function invalid(details: { code: string; message: string }[]): HttpError {
  return new HttpError(400, 'bad_request', 'invalid log stream request', details);
}

/** Validates the query of `GET /browsers/{id}/logs/stream`; every problem becomes a detail. */
export function parseLogQuery(session: Session, query: URLSearchParams): LogTarget {
  const problems: { code: string; message: string }[] = [];
  const source = query.get('source');
  const followRaw = query.get('follow');
  let follow = true;
  if (followRaw !== null) {
    if (followRaw === 'true' || followRaw === '1') follow = true;
    else if (followRaw === 'false' || followRaw === '0') follow = false;
    else
      problems.push({
        code: 'invalid_input',
        message: `follow must be a boolean, got "${followRaw}"`,
      });
  }
  if (source === null || source === '') {
    problems.push({ code: 'invalid_input', message: 'source is required (path or supervisor)' });
  } else if (source !== 'path' && source !== 'supervisor') {
    problems.push({
      code: 'invalid_input',
      message: `source must be "path" or "supervisor", got "${source}"`,
    });
  }
  let virtualPath = '';
  if (source === 'path') {
    virtualPath = query.get('path') ?? '';
    if (!virtualPath)
      problems.push({ code: 'invalid_input', message: 'path is required when source is path' });
  } else if (source === 'supervisor') {
    const program = query.get('supervisor_process') ?? '';
    if (!program) {
      problems.push({
        code: 'invalid_input',
        message: 'supervisor_process is required when source is supervisor',
      });
    } else if (!PROGRAM_NAME.test(program)) {
      problems.push({
        code: 'invalid_input',
        message: 'supervisor_process must be a program name',
      });
    } else {
      virtualPath = path.posix.join(SUPERVISOR_LOG_DIR, program);
    }
  }
  if (problems.length > 0) throw invalid(problems);
  const file = mapIntoRoot(session.root, virtualPath);
  return { virtualPath, file, follow, supervisor: source === 'supervisor' };
}

/** The in-band message for a file that cannot be (re)opened; host paths never appear in it. */
function openFailure(virtualPath: string, error: unknown): string {
  const reason =
    error instanceof HttpError
      ? (error.details?.[0]?.message ?? error.message)
      : ((error as NodeJS.ErrnoException).code ?? 'read error');
  return `failed to open log path: ${virtualPath}: ${reason}`;
}

function frame(message: string, timestamp: string): string {
  return `data: ${JSON.stringify({ event: 'log', timestamp, message })}\n\n`;
}

/** Serves the log stream: in-band failure messages, then a tail that never closes on its own. */
export async function serveLogStream(
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  target: LogTarget,
  pollMs: number,
  onOpen: () => void,
): Promise<void> {
  const exists = await confineExisting(session.root, target.file);
  const sendInBand = (message: string): void => {
    startSse(res, SSE_HEADERS);
    onOpen();
    res.end(frame(message, rfc3339Nano()));
  };
  if (!exists) {
    sendInBand(
      target.supervisor
        ? 'logs source not available'
        : `failed to open log path: open ${target.virtualPath}: no such file or directory`,
    );
    return;
  }
  const tail = new LogTail({
    file: target.file,
    fromStart: !target.follow,
    pollMs,
    beforeOpen: async () => {
      await confineExisting(session.root, target.file);
    },
    afterOpen: (handle) => confineOpened(session.root, handle.fd),
    onLines: (lines) => {
      const timestamp = rfc3339Nano();
      let text = '';
      for (const line of lines) text += frame(line, timestamp);
      return res.write(text);
    },
    onError: (error) => res.end(frame(openFailure(target.virtualPath, error), rfc3339Nano())),
  });
  // The start position is fixed before the response starts, so a line written right after the
  // client sees the headers is never mistaken for an old one.
  try {
    await tail.open();
  } catch (error) {
    tail.stop();
    sendInBand(openFailure(target.virtualPath, error));
    return;
  }
  startSse(res, SSE_HEADERS);
  onOpen();
  res.on('drain', () => tail.resume());
  session.trackStream(res);
  res.on('close', () => tail.stop());
  req.on('close', () => tail.stop());
  tail.follow();
}
