import { type ChildProcess, spawn } from 'node:child_process';

export interface StartedService {
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/**
 * Runs `npm start` as a user would, on a free port, with the given environment; resolves once it
 * prints the URL it listens on. stop() sends SIGTERM to the whole process group and waits for it.
 */
export const npmStart = (env: Record<string, string>, timeoutMs = 60_000): Promise<StartedService> =>
  new Promise((resolve, reject) => {
    let output = '';
    const child: ChildProcess = spawn('npm', ['start', '--silent'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POWERTOOLS_LOG_LEVEL: 'INFO', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          output: () => output,
          stop: async () => {
            try {
              process.kill(-(child.pid as number), 'SIGTERM');
            } catch {
              // already gone
            }
            return exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
