// `npm test`: every gate, in the order that fails fastest on a two-core machine. The static
// checks run two at a time (ESLint on one core; TypeScript, then Prettier and dependency-cruiser
// on the other) and beside them the production build the end-to-end tests start (built if
// stale, as their global set-up would, which then finds it built), each one's output printed
// whole when it ends, so that the log reads as if they had run one after the other; then the
// unit and integration tests, then the end-to-end tests. The first failure stops the run with
// its exit code. CI allows 30 minutes for all of it on this machine.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`, its output kept and printed when it ends; answers its exit code. */
function run(script, command = ['npm', 'run', '--silent', script]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [program, ...args] = command;
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── ${script} (${seconds} s, ${code === 0 ? 'passed' : 'FAILED'})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs the scripts one after the other; answers the first non-zero exit code, else 0. */
async function inOrder(...scripts) {
  for (const script of scripts) {
    const code = await run(script);
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs `npm run <script>` with its output streamed as it comes (the long test runs). */
function streamed(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── npm run ${script}: ${seconds} s, ${code === 0 ? 'passed' : 'FAILED'}\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const checks = await Promise.all([
  inOrder('lint:eslint'),
  inOrder('typecheck', 'lint:format', 'lint:deps'),
  run('build (if stale)', [process.execPath, 'scripts/build.mjs', '--if-stale']),
]);
const failed = checks.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
for (const script of ['test:unit', 'test:e2e']) {
  const code = await streamed(script);
  if (code !== 0) process.exit(code);
}
