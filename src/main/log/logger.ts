// The app's logger: pino, one JSON object per line, to a file in the user-data folder (or stdout).
// Every line of an operation carries its `opId`, so a support agent can follow one pay-in end to end.
import { randomUUID } from 'node:crypto';
import pino, { type LevelWithSilent, type Logger } from 'pino';
import { censor, redactPaths, scrubLogText, scrubValue } from './redaction';

type LoggerOptions = {
  /** Append to this file (created with its folder); stdout when left out. */
  filePath?: string;
  level?: LevelWithSilent;
  /** Write each line before returning (default): a crash must not lose the lines before it. */
  sync?: boolean;
};

export type AppLogger = Logger;

export function createLogger(options: LoggerOptions = {}): AppLogger {
  const destination = options.filePath
    ? pino.destination({ dest: options.filePath, mkdir: true, sync: options.sync ?? true })
    : pino.destination({ dest: 1, sync: options.sync ?? true });
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths(), censor: (value, path) => censor(value, path) },
      hooks: {
        // Runs before redact paths: scrubs every argument, message text included, at any depth.
        logMethod(args, method) {
          const scrubbed = args.map((arg) =>
            typeof arg === 'string' ? scrubLogText(arg) : scrubValue(arg, undefined, scrubLogText),
          );
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
  // pino applies `formatters.bindings` to the root only; children are made from the root by prototype,
  // so replacing `child` here scrubs the bindings (opId, profile, …) of every descendant too.
  const makeChild = logger.child;
  logger.child = function scrubbedChild(this: AppLogger, bindings, childOptions) {
    return makeChild.call(
      this,
      scrubValue(bindings, undefined, scrubLogText) as typeof bindings,
      childOptions,
    );
  } as typeof logger.child;
  return logger;
}

/** A child logger for one operation; every line it writes carries the same `opId`. */
export function withOpId(logger: AppLogger, opId: string = randomUUID()): AppLogger {
  return logger.child({ opId });
}
